import { BOM_MAX_BYTES, BOM_MAX_ROWS } from '@shop/contract/bom';
import { type DragEvent, type FormEvent, useId, useState } from 'react';
import { formatCount } from '../../../lib/format';

/** Where the rows come from: a file, or pasted text. */
export type BomInput = { file: File } | { text: string };

/**
 * The BOM to read: a file dropped on the box or chosen, or rows pasted; how many boards and how
 * much attrition. `onRead` gets the input and the two numbers as typed.
 */
export function BomSource({
  busy,
  boards,
  attrition,
  onBoards,
  onAttrition,
  onRead,
}: {
  busy: boolean;
  boards: string;
  attrition: string;
  onBoards: (value: string) => void;
  onAttrition: (value: string) => void;
  onRead: (input: BomInput) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File>();
  const [text, setText] = useState('');
  const [over, setOver] = useState(false);
  const input: BomInput | undefined = file ? { file } : text.trim() ? { text } : undefined;
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input) onRead(input);
  };
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={submit}
      aria-label="Bill of materials"
      // A file dropped anywhere on the form is the one read.
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <div
        className={`rounded-box border-2 border-dashed p-4 ${over ? 'border-primary bg-primary/5' : 'border-base-300'}`}
      >
        <label htmlFor={`${id}-file`} className="mb-2 block font-medium">
          Drop a CSV or XLSX file here, or choose one
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="file-input file-input-bordered w-full max-w-md"
          onChange={(event) => setFile(event.target.files?.[0])}
        />
        <p className="mt-2 text-sm text-base-content/70">
          {file
            ? `Chosen: ${file.name}`
            : `At most ${BOM_MAX_BYTES / 1024 / 1024} MiB and ${formatCount(BOM_MAX_ROWS)} rows. Columns are found by their headings (Part Number, MPN, Qty, Designator, Description).`}
        </p>
        {file && (
          <button type="button" className="btn btn-ghost btn-xs mt-1" onClick={() => setFile(undefined)}>
            Use pasted rows instead
          </button>
        )}
      </div>
      {!file && (
        <div>
          <label htmlFor={`${id}-text`} className="mb-1 block font-medium">
            Or paste rows from a spreadsheet
          </label>
          <textarea
            id={`${id}-text`}
            className="textarea textarea-bordered h-32 w-full font-mono text-sm"
            placeholder={'MPN\tQty\tDesignator\nT-24C\t2\tR1, R2'}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-boards`} className="mb-1 block font-medium">
            Boards
          </label>
          <input
            id={`${id}-boards`}
            className="input input-bordered w-32"
            inputMode="numeric"
            value={boards}
            onChange={(event) => onBoards(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-attrition`} className="mb-1 block font-medium">
            Attrition (%)
          </label>
          <input
            id={`${id}-attrition`}
            className="input input-bordered w-32"
            inputMode="decimal"
            value={attrition}
            onChange={(event) => onAttrition(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!input || busy}>
          {busy ? 'Reading…' : 'Read BOM'}
        </button>
      </div>
    </form>
  );
}
