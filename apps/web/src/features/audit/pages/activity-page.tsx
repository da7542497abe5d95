import { useState } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { Pager } from '../../../components/ui/pager';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useAccessRefusal } from '../../auth/use-access-refusal';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/get-audit';

const PAGE_SIZE = AUDIT_PAGE_SIZE;

const ACTIONS: Record<string, string> = {
  'part.created': 'Part added',
  'part.edited': 'Part edited',
  'part.deleted': 'Part deleted',
  'order.deleted': 'Order deleted',
  'order.paid': 'Order paid',
  'order.expired': 'Order expired (unpaid)',
  'order.refund_due': 'Payment to refund (order expired)',
  'user.made_admin': 'Made admin',
  'user.google_linked': 'Google linked',
};

/** Values as a person reads them: `price_per_piece: 4`, one per line. */
function Values({ value }: { value: unknown }) {
  if (value === undefined) return <span className="text-base-content/50">—</span>;
  const entries: [string, unknown][] =
    typeof value === 'object' && value !== null ? Object.entries(value) : [['', value]];
  return (
    <dl className="text-xs">
      {entries.map(([key, item]) => (
        <div key={key} className="break-all">
          <dt className="inline font-semibold">{key}</dt> <dd className="inline">{String(item)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The audit log: what admins did and every payment, newest first. Nothing here can be changed. */
export function ActivityPage() {
  const [offset, setOffset] = useState(0);
  const audit = useAudit({ limit: PAGE_SIZE, offset });
  useAccessRefusal(audit.error);
  return (
    <section>
      {audit.isPending && <ProgressBar />}
      {audit.data?.entries.length === 0 && <p>Nothing has happened yet.</p>}
      {audit.data && audit.data.entries.length > 0 && (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((entry) => (
                <tr key={entry._id}>
                  <td className="whitespace-nowrap">
                    <DateTime at={entry.at} />
                  </td>
                  <td className="break-all">{entry.actor}</td>
                  <td>
                    {ACTIONS[entry.action] ?? entry.action}
                    <br />
                    <span className="break-all text-xs text-base-content/70">{entry.subjectId}</span>
                  </td>
                  <td className="min-w-40">
                    <Values value={entry.before} />
                  </td>
                  <td className="min-w-40">
                    <Values value={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.data && (
        <Pager offset={offset} limit={PAGE_SIZE} total={audit.data.total} onChange={setOffset} />
      )}
    </section>
  );
}
