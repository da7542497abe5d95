import { MAX_CUSTOMER_PART_NUMBERS } from '@shop/contract/customer-part-numbers';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatCount } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { usePartNumbers, useSavePartNumbers } from '../api/part-numbers';
import { AddNumberForm } from '../components/add-number-form';
import { ImportBox } from '../components/import-box';
import { NumbersTable } from '../components/numbers-table';
import { type NumberItem, setProblem, withNumbers, withoutPart } from '../part-number-lines';

/**
 * Dashboard › My Part Numbers: the buyer's own numbers for the shop's parts, or their company's
 * (its admins change them, its buyers read them). The search finds parts by them, and orders,
 * invoices and packing slips print them.
 */
export function MyPartNumbersPage() {
  const { data: set, isPending, isError } = usePartNumbers();
  const saving = useSavePartNumbers();
  const items: NumberItem[] = (set?.items ?? []).map(({ partsId, customerPartNumber }) => ({
    partsId,
    customerPartNumber,
  }));
  /** The set becomes `next` (the whole set is sent, naming the set it changes); true once saved. */
  const save = async (next: NumberItem[], done: string): Promise<boolean> => {
    const problem = setProblem(next);
    if (problem) {
      showError(new Error(problem));
      return false;
    }
    try {
      await saving.mutateAsync({ items: next, etag: set?.etag });
      showSuccess(done);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  const company = set?.owner === 'company';
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-prose text-base-content/80">
        Your own numbers for our parts, as your drawings, bills of materials and purchase orders name them.
        The search finds a part by yours, and your orders, invoices and packing slips print it beside ours.
        {company && " These are your company's numbers, shared by its members."}
      </p>
      {isPending && <ProgressBar label="Loading your part numbers" />}
      {isError && <p>Your part numbers cannot be shown just now. Please try again soon.</p>}
      {set && !set.editable && (
        <p className="alert alert-info">
          Only your company's admins change these numbers; ask one of them to.
        </p>
      )}
      {set?.editable && (
        <div className="grid gap-4 xl:grid-cols-2">
          <AddNumberForm
            disabled={saving.isPending}
            numberOf={(partsId) => set.items.find((item) => item.partsId === partsId)?.customerPartNumber}
            onAdd={(part, number) =>
              save(withNumbers(items, [{ partsId: part._id, customerPartNumber: number }]), `Saved ${number}`)
            }
          />
          <ImportBox
            disabled={saving.isPending}
            onSave={(added) =>
              save(
                withNumbers(
                  items,
                  added.map(({ part, number }) => ({ partsId: part._id, customerPartNumber: number })),
                ),
                added.length === 1 ? 'Saved 1 number' : `Saved ${formatCount(added.length)} numbers`,
              )
            }
          />
        </div>
      )}
      {set && (
        <section aria-labelledby="part-numbers-title" className="flex flex-col gap-3">
          <h2 id="part-numbers-title" className="text-xl font-semibold">
            {company ? "Your company's part numbers" : 'Your part numbers'}
          </h2>
          {set.items.length === 0 ? (
            <p>
              No part numbers yet.
              {set.editable && ' Add one above, or paste lines from a spreadsheet.'}
            </p>
          ) : (
            <NumbersTable
              items={set.items}
              editable={set.editable}
              busy={saving.isPending}
              onChange={(partsId, number) =>
                save(withNumbers(items, [{ partsId, customerPartNumber: number }]), `Saved ${number}`)
              }
              onRemove={(item) =>
                void save(withoutPart(items, item.partsId), `Removed ${item.customerPartNumber}`)
              }
            />
          )}
        </section>
      )}
      <p className="text-sm text-base-content/70">
        Up to {formatCount(MAX_CUSTOMER_PART_NUMBERS)} numbers, one for each part; case, spaces, “-”, “/” and
        “.” aside, a number names one part.{' '}
        <Link to="/catalog" className="link link-primary">
          Find parts in the catalog
        </Link>
      </p>
    </div>
  );
}
