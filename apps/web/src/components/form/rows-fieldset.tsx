import type { ReactNode } from 'react';

/**
 * A form's list of like rows (a part's price breaks, its incoming batches): a bordered fieldset
 * named `legend` with its `hint`, `empty` when there is no row, each row's two fields (`row`) in a
 * fieldset of its own named '<Noun> <n>' with a ✕ that removes it, and `addLabel`'s button, off at
 * `max` rows. `noun` is a row's name in lower case: 'batch'.
 */
export function RowsFieldset({
  legend,
  hint,
  empty,
  noun,
  rows,
  max,
  addLabel,
  onAdd,
  onRemove,
  row,
}: {
  legend: string;
  hint: ReactNode;
  empty?: string;
  noun: string;
  /** The rows as useFieldArray keeps them (`id` is each one's key). */
  rows: readonly { id: string }[];
  max: number;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  row: (index: number) => ReactNode;
}) {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-2 sm:p-3">
      <legend className="px-1 font-medium">{legend}</legend>
      <p className="text-sm text-base-content/70">{hint}</p>
      {empty && rows.length === 0 && <p className="text-sm">{empty}</p>}
      {rows.map((item, index) => (
        <fieldset key={item.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <legend className="sr-only">{`${title} ${index + 1}`}</legend>
          {row(index)}
          <button
            type="button"
            className="btn btn-ghost btn-square btn-sm mt-8"
            aria-label={`Remove ${noun} ${index + 1}`}
            title={`Remove this ${noun}`}
            onClick={() => onRemove(index)}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={rows.length >= max}
        onClick={onAdd}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}
