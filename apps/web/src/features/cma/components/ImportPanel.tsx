// Upload one or more MLS CSVs (REcolorado and PPAR may be mixed): parsed in a Web Worker with progress and cancel,
// a summary with downloadable problems, the format shown and changeable, and column mapping when required columns are unknown.
import { useRef, useState } from 'react';
import { CSV_TYPES, formatOptionOf, headerSignature, IMPORT_FIELDS, type ColumnMapping, type CsvType, type FormatOption, type ImportFieldKey } from '@cma/listings-import';
import { formatCount } from '@cma/valuation';
import type { FileImportResult } from '../import/importCore';
import { ImportCancelled, problemsCsv, startImport, type RunningImport } from '../import/importListings';
import { cmaApi } from '../api/cmaApi';
import { useAppDispatch } from '../../../app/hooks';
import type { CmaRecord } from '../model/records';

interface ImportPanelProps {
  /** Called with every kept record after each successful file. */
  onRecords(records: CmaRecord[], result: FileImportResult): void;
  /** The store's csvType, shown as the default format. */
  csvType?: CsvType;
  onFormatDetected?(format: CsvType): void;
  label?: string;
}

interface Pending {
  file: File;
  result: FileImportResult;
  mapping: ColumnMapping;
}

const FORMAT_OPTIONS: { value: FormatOption; label: string }[] = [
  { value: 'auto', label: 'Detect automatically' },
  ...CSV_TYPES.map((format) => ({ value: formatOptionOf(format), label: format })),
];

export function ImportPanel({ onRecords, onFormatDetected, label = 'Upload MLS CSV files' }: ImportPanelProps) {
  const [format, setFormat] = useState<FormatOption>('auto');
  const [progress, setProgress] = useState<{ fileName: string; fraction: number } | null>(null);
  const [results, setResults] = useState<FileImportResult[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState('');
  const [dragging, setDragging] = useState(false);
  const running = useRef<RunningImport | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const dispatch = useAppDispatch();

  /** The column map the agent confirmed before for this export's header, if any (none when it cannot be asked). */
  async function savedMapping(signature: string): Promise<ColumnMapping | null> {
    try {
      return await dispatch(cmaApi.endpoints.columnMapping.initiate(signature, { subscribe: false, forceRefetch: true })).unwrap();
    } catch {
      return null;
    }
  }

  async function runOne(file: File, fileFormat: FormatOption, mapping?: ColumnMapping): Promise<void> {
    setProgress({ fileName: file.name, fraction: 0 });
    const run = startImport(file, { format: fileFormat, mapping }, (fraction) => setProgress({ fileName: file.name, fraction }));
    running.current = run;
    let result = await run.promise;
    if (result.unmappedRequired.length > 0 && !mapping) {
      const saved = await savedMapping(headerSignature(result.headers));
      if (saved) {
        const rerun = startImport(file, { format: fileFormat, mapping: saved }, (fraction) => setProgress({ fileName: file.name, fraction }));
        running.current = rerun;
        result = await rerun.promise;
      }
    }
    if (result.unmappedRequired.length > 0) {
      setPending({ file, result, mapping: { ...result.mapping } });
      return;
    }
    accept(result);
  }

  function accept(result: FileImportResult) {
    setResults((previous) => [...previous.filter((r) => r.fileName !== result.fileName), result]);
    onFormatDetected?.(result.format);
    onRecords(result.records as unknown as CmaRecord[], result);
  }

  async function handleFiles(files: FileList | null) {
    if (!files || files.length === 0) return;
    setFailure('');
    try {
      for (const file of Array.from(files)) await runOne(file, format);
    } catch (error) {
      setFailure(error instanceof ImportCancelled ? 'Import cancelled. Nothing from that file was added.' : `The file could not be read: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setProgress(null);
      running.current = null;
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  async function applyMapping() {
    if (!pending) return;
    // Remembered for this export's header; the import goes on even when it could not be saved.
    void dispatch(cmaApi.endpoints.saveColumnMapping.initiate({ signature: headerSignature(pending.result.headers), mapping: pending.mapping })).unwrap().catch(() => {});
    const { file, mapping } = pending;
    setPending(null);
    try {
      await runOne(file, format, mapping);
    } catch (error) {
      setFailure(error instanceof ImportCancelled ? 'Import cancelled.' : String(error));
    } finally {
      setProgress(null);
    }
  }

  async function reparse(result: FileImportResult, newFormat: FormatOption) {
    const file = lastFiles.current.get(result.fileName);
    if (!file) return;
    try {
      await runOne(file, newFormat);
    } finally {
      setProgress(null);
    }
  }

  const lastFiles = useRef(new Map<string, File>());
  const problemCount = results.reduce((n, r) => n + r.errors.length, 0);
  const downloadHref = problemCount > 0 ? `data:text/csv;charset=utf-8,${encodeURIComponent(problemsCsv(results))}` : '';

  return (
    <div className="cma-import">
      <div className="cma-form-row cma-import__row">
        <label
          className={`cma-dropzone${dragging ? ' cma-dropzone--over' : ''}${progress ? ' cma-dropzone--busy' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            if (progress) return;
            for (const f of Array.from(e.dataTransfer.files)) lastFiles.current.set(f.name, f);
            void handleFiles(e.dataTransfer.files);
          }}
        >
          <input
            ref={inputRef}
            className="cma-dropzone__input"
            type="file"
            accept=".csv,text/csv"
            multiple
            disabled={!!progress}
            aria-label={label}
            onChange={(e) => {
              for (const f of Array.from(e.target.files ?? [])) lastFiles.current.set(f.name, f);
              void handleFiles(e.target.files);
            }}
          />
          <span className="cma-dropzone__title">Drop MLS CSV exports here</span>
          <span className="cma-dropzone__hint">or <span className="cma-dropzone__button">choose files</span> — REcolorado and PPAR, several at once</span>
        </label>
        <label className="cma-field cma-import__format">
          <span>Format of new files</span>
          <select className="cma-select" value={format} onChange={(e) => setFormat(e.target.value as FormatOption)}>
            {FORMAT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>{o.label}</option>
            ))}
          </select>
          <small className="cma-hint">Each file's format is detected; change one file's below.</small>
        </label>
      </div>

      {progress && (
        <div className="cma-progress" role="status" aria-live="polite">
          <span>Reading {progress.fileName}… {Math.round(progress.fraction * 100)}%</span>
          <progress max={1} value={progress.fraction} aria-label={`Import progress of ${progress.fileName}`} />
          <button type="button" className="button button--ghost" onClick={() => running.current?.cancel()}>Cancel import</button>
        </div>
      )}
      {failure && <p className="cma-error" role="alert">{failure}</p>}

      {pending && (
        <div className="card cma-mapping" role="dialog" aria-label="Map columns">
          <h3 className="card__title">Some required columns were not recognised in {pending.result.fileName}</h3>
          <p>Choose which column holds each field. Your choice is remembered for files with the same columns.</p>
          {pending.result.unmappedRequired.map((key) => (
            <MappingRow key={key} field={key} headers={pending.result.headers} mapping={pending.mapping} onChange={(mapping) => setPending({ ...pending, mapping })} />
          ))}
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => void applyMapping()}>Import with this mapping</button>
            <button type="button" className="button button--ghost" onClick={() => { accept(pending.result); setPending(null); }}>Import without these fields</button>
          </div>
        </div>
      )}

      {results.length > 0 && (
        <div className="cma-import-summary" aria-label="Import summary">
          <table className="cma-table">
            <caption>Imported files</caption>
            <thead>
              <tr><th scope="col">File</th><th scope="col">Format</th><th scope="col">Rows</th><th scope="col">Listings kept</th><th scope="col">Problems</th></tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <tr key={r.fileName}>
                  <td>{r.fileName}</td>
                  <td>
                    <select className="cma-select" aria-label={`Format of ${r.fileName}`} value={formatOptionOf(r.format)} onChange={(e) => void reparse(r, e.target.value as FormatOption)}>
                      {CSV_TYPES.map((format) => (
                        <option key={format} value={formatOptionOf(format)}>
                          {format}
                        </option>
                      ))}
                    </select>
                    {r.format !== r.detectedFormat && <small> (detected {r.detectedFormat})</small>}
                  </td>
                  <td>{r.rows.toLocaleString('en-US')}</td>
                  <td>{r.records.length.toLocaleString('en-US')}</td>
                  <td>{r.errors.length.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {problemCount > 0 && (
            <details>
              <summary>{formatCount(problemCount, 'row problem')} — <a href={downloadHref} download="import-problems.csv">download the list</a></summary>
              <ul className="cma-problems">
                {results.flatMap((r) => r.errors.slice(0, 20).map((e) => <li key={`${r.fileName}-${e.line}-${e.message}`}>{r.fileName}, line {e.line}: {e.message}</li>))}
              </ul>
            </details>
          )}
        </div>
      )}
    </div>
  );
}

function MappingRow({ field, headers, mapping, onChange }: { field: ImportFieldKey; headers: string[]; mapping: ColumnMapping; onChange(mapping: ColumnMapping): void }) {
  const info = IMPORT_FIELDS.find((f) => f.key === field);
  const current = Object.entries(mapping).find(([, key]) => key === field)?.[0] ?? '';
  return (
    <label className="cma-field">
      <span>{info?.label ?? field}</span>
      <select
        value={current}
        onChange={(e) => {
          const next: ColumnMapping = { ...mapping };
          for (const [header, key] of Object.entries(next)) if (key === field) next[header] = null;
          if (e.target.value) next[e.target.value] = field;
          onChange(next);
        }}
      >
        <option value="">— not in this file —</option>
        {headers.map((h) => (
          <option key={h} value={h}>{h}</option>
        ))}
      </select>
    </label>
  );
}
