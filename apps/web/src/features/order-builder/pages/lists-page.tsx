import type { ListLine, SavedList } from '@shop/contract/lists';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { LineReferenceNote } from '../../../components/ui/line-reference';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDollars, formatPieces, isOutOfStock, soldInMultiplesText } from '../../../lib/format';
import { typedPieces } from '../../../lib/pricing';
import { showError, showInfo, showSuccess } from '../../../lib/toasts';
import { useAccessRefusal } from '../../auth';
import { useDeleteList, useLists, useUpdateList } from '../api/lists';
import { LineTable } from '../components/line-table';
import { checkLine } from '../pricing';
import { setBuilderLines } from '../store';

/** Lists: the buyer's saved lists with today's prices and stock; rename, edit, delete, order again. */
export function ListsPage() {
  const lists = useLists();
  useAccessRefusal(lists.error);
  const deleteList = useDeleteList();
  const { ask, modal } = useConfirmedAction<SavedList>(
    deleteList,
    (list) => list._id,
    (list) => `Delete the list ${list.name}.`,
  );
  return (
    <section className="flex flex-col gap-6">
      {lists.isPending && <ProgressBar />}
      {lists.isError && <p>Your lists could not be loaded. {lists.error.message}</p>}
      {lists.data?.length === 0 && (
        <p>
          No saved lists yet. Build an order on the{' '}
          <Link to="/order" className="link link-primary">
            Order
          </Link>{' '}
          page and choose Save as list.
        </p>
      )}
      {lists.data?.map((list) => (
        <ListCard key={`${list._id}-${list.updatedAt}`} list={list} onDelete={() => ask(list)} />
      ))}
      {modal}
    </section>
  );
}

interface Draft {
  name: string;
  /** The lines kept, each with its quantity as typed. */
  lines: { line: ListLine; typed: string }[];
}

const draftOf = (list: SavedList): Draft => ({
  name: list.name,
  lines: list.lines.map((line) => ({ line, typed: String(line.quantity) })),
});

/** The line's availability today: gone from the catalog, out of stock, or what is left. */
function availability(line: ListLine): string {
  if (!line.part) return 'No longer in the catalog';
  if (isOutOfStock(line.part)) return 'Out of stock';
  return `${formatPieces(line.part.available_quantity)} available`;
}

function ListCard({ list, onDelete }: { list: SavedList; onDelete: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const updateList = useUpdateList();
  const [draft, setDraft] = useState<Draft>(() => draftOf(list));
  const [renaming, setRenaming] = useState(false);
  const changed =
    draft.name.trim() !== list.name ||
    draft.lines.length !== list.lines.length ||
    draft.lines.some(({ line, typed }) => typed.trim() !== String(line.quantity));
  const quantitiesValid = draft.lines.every(({ typed }) => typedPieces(typed) !== undefined);
  const valid = draft.name.trim() !== '' && quantitiesValid;
  const checks = draft.lines.map(({ line, typed }) => checkLine(line.part ?? null, typed, false));
  const total = checks.reduce((sum, check) => sum + ('priced' in check ? check.priced.price : 0), 0);

  const save = () =>
    updateList.mutate(
      {
        id: list._id,
        list: {
          name: draft.name.trim(),
          lines: draft.lines.map(({ line, typed }) => ({
            partsId: line.partsId,
            quantity: typedPieces(typed) ?? 0,
            ...(line.reference ? { reference: line.reference } : {}),
          })),
        },
      },
      {
        onSuccess: () => {
          setRenaming(false);
          showSuccess('List saved');
        },
        onError: (error) => showError(error),
      },
    );
  // What the buyer sees is what is ordered: the lines and quantities on screen, saved or not.
  const orderIt = () => {
    const orderable = draft.lines.filter(({ line }) => line.part);
    if (orderable.length < draft.lines.length)
      showInfo('Parts no longer in the catalog were left out of the order.');
    setBuilderLines(
      orderable.map(({ line, typed }) => ({
        partsId: line.partsId,
        quantity: typedPieces(typed) ?? 0,
        ...(line.reference ? { reference: line.reference } : {}),
      })),
    );
    navigate('/order');
  };

  return (
    <article className="card bg-base-100 shadow" aria-labelledby={`${id}-name`}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          {renaming ? (
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-rename`} className="mb-1 block font-medium">
                List name
              </label>
              <input
                id={`${id}-rename`}
                className="input input-bordered w-full max-w-sm"
                maxLength={100}
                value={draft.name}
                onChange={(event) => setDraft({ ...draft, name: event.target.value })}
              />
            </div>
          ) : (
            <h2 id={`${id}-name`} className="card-title break-words">
              {list.name}
            </h2>
          )}
          <div className="flex flex-wrap gap-2">
            {!renaming && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRenaming(true)}>
                Rename
              </button>
            )}
            <button type="button" className="btn btn-error btn-outline btn-sm" onClick={onDelete}>
              Delete
            </button>
          </div>
        </div>
        {renaming && (
          <span id={`${id}-name`} className="sr-only">
            {list.name}
          </span>
        )}
        {draft.lines.length === 0 ? (
          <p>This list has no lines.</p>
        ) : (
          <LineTable
            caption={`The lines of ${list.name}`}
            rows={draft.lines}
            rowKey={({ line }) => line.partsId}
            columns={[
              {
                header: 'Part',
                cell: ({ line }) => (
                  <>
                    {line.part ? (
                      <Link to={`/parts/${line.partsId}`} className="link link-hover font-medium">
                        {line.part.name}
                      </Link>
                    ) : (
                      <span className="font-medium">Unknown part</span>
                    )}
                    {line.part && line.part.order_multiple > 1 && (
                      <span className="block text-xs">{soldInMultiplesText(line.part.order_multiple)}</span>
                    )}
                    <LineReferenceNote reference={line.reference} />
                  </>
                ),
              },
              {
                header: 'Quantity',
                cell: ({ line, typed }, index) => {
                  const check = checks[index];
                  const problem = check && 'problem' in check && line.part ? check.problem : undefined;
                  return (
                    <div>
                      <input
                        name={line.partsId}
                        className={`input input-bordered input-sm w-24 ${problem ? 'input-error' : ''}`}
                        inputMode="numeric"
                        aria-label={`Quantity of ${line.part?.name ?? 'unknown part'}`}
                        aria-invalid={problem ? true : undefined}
                        value={typed}
                        onChange={(event) =>
                          setDraft({
                            ...draft,
                            lines: draft.lines.map((other, at) =>
                              at === index ? { ...other, typed: event.target.value } : other,
                            ),
                          })
                        }
                      />
                      {problem && <p className="mt-1 text-xs text-error">{problem}</p>}
                    </div>
                  );
                },
              },
              {
                header: 'Price today',
                cell: (_, index) => {
                  const check = checks[index];
                  return check && 'priced' in check ? (
                    <>
                      <strong>{formatDollars(check.priced.price)}</strong>
                      <span className="block text-xs text-base-content/70">
                        {formatDollars(check.priced.unitPrice)} a piece
                      </span>
                    </>
                  ) : (
                    '—'
                  );
                },
              },
              { header: 'Availability', cell: ({ line }) => availability(line) },
              {
                header: 'Remove',
                bare: true,
                className: 'max-sm:text-right',
                cell: ({ line }, index) => (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    aria-label={`Remove ${line.part?.name ?? 'unknown part'} from ${list.name}`}
                    onClick={() => setDraft({ ...draft, lines: draft.lines.filter((_, at) => at !== index) })}
                  >
                    Remove
                  </button>
                ),
              },
            ]}
          />
        )}
        <p>
          Today's total: <strong>{formatDollars(total)}</strong>
        </p>
        {changed && (
          <p id={`${id}-unsaved`} className="text-sm text-base-content/80">
            {quantitiesValid
              ? 'Order this list orders the lines and quantities shown; the saved list stays as it was until you save.'
              : 'Write each quantity as a whole number to order or save this list.'}
          </p>
        )}
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={draft.lines.length === 0 || !quantitiesValid}
            aria-describedby={changed ? `${id}-unsaved` : undefined}
            onClick={orderIt}
          >
            Order this list
          </button>
          {(changed || renaming) && (
            <>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={!changed || !valid || updateList.isPending}
                onClick={save}
              >
                Save changes
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  setDraft(draftOf(list));
                  setRenaming(false);
                }}
              >
                Undo changes
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
