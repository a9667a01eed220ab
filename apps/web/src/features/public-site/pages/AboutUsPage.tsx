import { Link } from 'react-router';
import { usePageMeta } from '../../../shared/ui/usePageMeta';
import '../public-site.css';

const PURPOSE = [
  'Give every agent appraiser-grade adjustments without the appraiser’s hours.',
  'Back each adjustment with the market data the agent loaded, and show the evidence.',
  'Turn an MLS export into a branded report the client understands, in minutes.',
  'Keep the agent’s data private: we never sell user information.',
];

/** About Us (spec §1): the founding story, "Our Purpose" (four points) and a Sign In button to /login. */
export default function AboutUsPage() {
  usePageMeta({
    title: 'About us',
    description: 'CMA Studio was started by a Colorado agent and an appraiser to give every agent appraiser-grade comparative market analyses in minutes.',
  });
  return (
    <section className="page page--narrow prose" aria-labelledby="page-title">
      <h1 id="page-title">About Us</h1>
      <p className="lead">
        CMA Studio was started by a Colorado agent and an appraiser who were tired of spending an evening on every comparative market analysis.
      </p>
      <h2>Our story</h2>
      <p>
        In 2019, a listing agent in Denver was losing her evenings to spreadsheets: exporting comparables from the MLS, retyping square footage,
        guessing what a third bathroom was worth, and pasting it all into a report that still looked homemade. Her neighbour, a certified residential
        appraiser, did the same work every day — but with a method: put a price on each feature that differs, and let the comparables that needed
        the fewest adjustments speak loudest.
      </p>
      <p>
        Together they built the tool they wished they had: load the listings the agent already has, adjust them the way an appraiser would, and send
        the client a report that explains the number. Agents near the REcolorado and PPAR boundary asked to mix both MLSs in one analysis, so we made
        that work too. Today CMA Studio is used by agents across the Front Range, and every feature still starts with a question from one of them.
      </p>
      <h2>Our Purpose</h2>
      <ol className="purpose-list">
        {PURPOSE.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ol>
      <p>
        A CMA Studio value is an approximate value for the conversation with your client, not a licensed appraisal — and we say so on every report.
      </p>
      <p className="button-row">
        <Link className="button button--primary" to="/login">
          Sign In
        </Link>
        <Link className="button button--secondary" to="/subscription-plan">
          See the plans
        </Link>
      </p>
    </section>
  );
}
