import { useState } from 'react';
import { useGetFaqListQuery } from '../../../shared/api/api';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import '../cma.css';

export default function FaqsPage() {
  useDocumentTitle('FAQs');
  const { data, isLoading, isError, refetch } = useGetFaqListQuery();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const faqs = (data ?? []).filter((f) => !needle || f.question.toLowerCase().includes(needle) || f.answer.toLowerCase().includes(needle));
  return (
    <section className="page page--narrow cma-page" aria-labelledby="page-title">
      <h1 id="page-title">FAQs</h1>
      <label className="cma-field">
        <span>Search the questions</span>
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      {isLoading && <p>Loading…</p>}
      {isError && (
        <p className="cma-error" role="alert">
          The questions could not be loaded. <button type="button" className="cma-link" onClick={() => void refetch()}>Try again</button>
        </p>
      )}
      {!isLoading && !isError && faqs.length === 0 && <p className="cma-empty">{needle ? 'No question matches.' : 'No questions yet.'}</p>}
      <div className="cma-faqs">
        {faqs.map((faq) => (
          <details key={faq.id} className="card">
            <summary><strong>{faq.question}</strong></summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
