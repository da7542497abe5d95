import type { RowProblem } from '@shop/contract/errors';
import { PARTS_CSV_COLUMNS, PARTS_CSV_MAX_BYTES, PARTS_CSV_MAX_ROWS } from '@shop/contract/parts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { ApiError } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/toasts';
import { useImportParts } from '../api/import-parts';

interface Refusal {
  message: string;
  rows: RowProblem[];
  rowsTotal: number;
}

// The template is the header line alone, made here from the contract's columns.
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${PARTS_CSV_COLUMNS.join(',')}\r\n`)}`;
const MAX_SIZE_TEXT = `${PARTS_CSV_MAX_BYTES / 1024 / 1024} MiB`;

const refusalOf = (error: unknown): Refusal => ({
  message: error instanceof Error ? error.message : 'The file could not be sent',
  rows: error instanceof ApiError ? (error.details.rows ?? []) : [],
  rowsTotal: error instanceof ApiError ? (error.details.rowsTotal ?? 0) : 0,
});

/** Manage Product's "Add parts from CSV": one file, every row added or none, the refused rows listed. */
export function PartsCsvImport() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const importParts = useImportParts();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const upload = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setRefusal({ message: 'Choose a CSV file first', rows: [], rowsTotal: 0 });
    if (file.size > PARTS_CSV_MAX_BYTES) {
      return setRefusal({ message: `The file is larger than ${MAX_SIZE_TEXT}`, rows: [], rowsTotal: 0 });
    }
    setRefusal(null);
    importParts.mutate(file, {
      onSuccess: ({ count }) => {
        showSuccess(count === 1 ? '1 part added' : `${count} parts added`);
        if (input.current) input.current.value = '';
      },
      onError: (error) => setRefusal(refusalOf(error)),
    });
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="card mb-6 max-w-3xl border border-base-300 bg-base-100"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={`${id}-heading`} className="card-title text-xl">
          Add parts from CSV
        </h2>
        <p className="text-sm">
          One part per row. The first line names the columns{' '}
          {PARTS_CSV_COLUMNS.map((column, i) => (
            <span key={column}>
              {i > 0 && ', '}
              <code>{column}</code>
            </span>
          ))}{' '}
          (in any order); an optional <code>price_breaks</code> column gives volume prices as quantity:price
          pairs, such as <code>100:12;500:10</code> (from 100 pieces $12 each, from 500 $10), and an optional{' '}
          <code>order_multiple</code> column sells a part in multiples, such as <code>5000</code> for a reel
          (empty: any number of pieces). Optional <code>backorderable</code> (true or false),{' '}
          <code>lead_time_days</code> and <code>incoming</code> columns say what is on its way, such as{' '}
          <code>500@2026-03-01;200@2026-04-15</code> (500 pieces expected on 1 March, 200 on 15 April). At
          most {PARTS_CSV_MAX_ROWS.toLocaleString('en')} rows and {MAX_SIZE_TEXT}, saved as{' '}
          <span className="whitespace-nowrap">UTF-8</span>; nothing is added unless every row is right.{' '}
          <a className="link link-primary" href={TEMPLATE_HREF} download="parts-template.csv">
            Download a template
          </a>
        </p>
        <form className="flex flex-wrap items-end gap-3" onSubmit={upload} noValidate>
          <div className="min-w-0 grow basis-64">
            <label htmlFor={`${id}-file`} className="mb-1 block font-medium">
              CSV file
            </label>
            <input
              id={`${id}-file`}
              ref={input}
              type="file"
              accept=".csv,text/csv"
              className="file-input file-input-bordered w-full"
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={importParts.isPending}>
            {importParts.isPending ? 'Uploading…' : 'Upload'}
          </button>
        </form>
        {refusal && <RefusedRows refusal={refusal} />}
      </div>
    </section>
  );
}

function RefusedRows({ refusal }: { refusal: Refusal }) {
  const { message, rows, rowsTotal } = refusal;
  return (
    <div className="flex flex-col gap-2">
      <p role="alert" className="font-medium text-error">
        {message}
        {rowsTotal > rows.length && ` The first ${rows.length} of ${rowsTotal} problems are listed.`}
      </p>
      {rows.length > 0 && (
        // A card a problem on a phone: nothing to scroll (a scrolling box would need the keyboard focus).
        <div className="sm:overflow-x-auto">
          <table className="table table-sm table-cards">
            <caption className="text-left text-sm font-semibold">Rows refused</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                // A row can have several problems, one per column.
                <tr key={`${row.line}-${row.field}`}>
                  <LabelledCell label="Line">{row.line}</LabelledCell>
                  <LabelledCell label="Column">{row.field ?? '(whole row)'}</LabelledCell>
                  <LabelledCell label="Why">{row.message}</LabelledCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
