import { MAX_FLEET_ENTRIES, MAX_FLEET_QUANTITY } from '@shop/contract/tools';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatCount } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { addToOrder } from '../../order-builder';
import { useFleet, useRemoveFleetEntry } from '../api/fleet';
import { AddFleetEntryForm } from '../components/add-fleet-entry-form';
import { wearPartLines } from '../wear-parts';

/** Dashboard › My tools: the tools the buyer (or their company) owns, and their wear parts in one go. */
export function MyToolsPage() {
  const { data: fleet, isPending, isError } = useFleet();
  const remove = useRemoveFleetEntry();
  const [added, setAdded] = useState<number>();
  const ids = useId();
  const lines = wearPartLines(
    (fleet ?? []).map((entry) => ({ count: entry.quantity, parts: entry.wearParts })),
  );
  const shared = fleet?.some((entry) => entry.companyId !== undefined);
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-prose text-base-content/80">
        The tools you own, with their serial numbers and how many you have. If you belong to a company, its
        members share this list. One button puts the wear parts of all of them in your order, as many as the
        tools need.
      </p>
      <AddFleetEntryForm />
      {isPending && <ProgressBar label="Loading your tools" />}
      {isError && <p>Your tools cannot be shown just now. Please try again soon.</p>}
      {fleet && (
        <section aria-labelledby={`${ids}-fleet`} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={`${ids}-fleet`} className="text-xl font-semibold">
              {shared ? "Your company's tools" : 'Your tools'} ({formatCount(fleet.length)} of at most{' '}
              {formatCount(MAX_FLEET_ENTRIES)})
            </h2>
            <button
              type="button"
              // Its words wrap on a phone rather than widen the page (daisyUI's buttons neither shrink nor wrap).
              className="btn btn-primary h-auto! min-h-10 max-w-full py-2 whitespace-normal!"
              disabled={lines.length === 0}
              onClick={() => {
                for (const line of lines) addToOrder(line.partsId, line.quantity);
                showSuccess('Added the wear parts of your tools to your order');
                setAdded(lines.length);
              }}
            >
              Add wear parts of the fleet to the order builder
            </button>
          </div>
          <p role="status" className="text-sm">
            {added !== undefined && (
              <>
                Added {added === 1 ? '1 wear part' : `${formatCount(added)} wear parts`} to your order
                builder.{' '}
                <Link to="/order" className="link link-primary">
                  See your order
                </Link>
              </>
            )}
          </p>
          {fleet.length === 0 ? (
            <p>No tools yet: add the tools you own above.</p>
          ) : (
            <table className="table table-cards">
              <thead>
                <tr>
                  <th scope="col">Tool</th>
                  <th scope="col">Serial number</th>
                  <th scope="col">How many</th>
                  <th scope="col">Wear parts</th>
                  <th scope="col">Note</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {fleet.map((entry) => {
                  const name = entry.tool
                    ? `${entry.tool.name} (${entry.tool.model})`
                    : 'A tool no longer in the catalog';
                  return (
                    <tr key={entry._id}>
                      <LabelledCell label="Tool">
                        {entry.tool ? (
                          <Link to={`/tools/${encodeURIComponent(entry.toolId)}`} className="link link-hover">
                            {name}
                          </Link>
                        ) : (
                          name
                        )}
                      </LabelledCell>
                      <LabelledCell label="Serial number">{entry.serialNumber ?? '—'}</LabelledCell>
                      <LabelledCell label="How many">{formatCount(entry.quantity)}</LabelledCell>
                      <LabelledCell label="Wear parts">
                        {entry.wearParts.length === 0
                          ? 'None'
                          : entry.wearParts
                              .map((part) => `${part.partsName} × ${part.quantityPerTool}`)
                              .join(', ')}
                      </LabelledCell>
                      <LabelledCell label="Note">{entry.note ?? '—'}</LabelledCell>
                      <LabelledCell label={undefined}>
                        <button
                          type="button"
                          className="btn btn-outline btn-error btn-sm"
                          aria-label={`Remove ${name}${entry.serialNumber ? `, serial number ${entry.serialNumber}` : ''}`}
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate(entry._id, {
                              onSuccess: () => showSuccess('Tool removed'),
                              onError: (error) => showError(error),
                            })
                          }
                        >
                          Remove
                        </button>
                      </LabelledCell>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>
      )}
      <p className="text-sm text-base-content/70">
        Each entry counts up to {formatCount(MAX_FLEET_QUANTITY)} tools of one model.{' '}
        <Link to="/tools" className="link link-primary">
          See all tool models
        </Link>
      </p>
    </div>
  );
}
