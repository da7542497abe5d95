import type { AuditEntry } from '@shop/contract/audit';
import { DateTime } from '../../../components/ui/date-time';
import { type Column, PagedTable, usePaging } from '../../../components/ui/paged-table';
import { useAccessRefusal } from '../../auth';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/get-audit';

const ACTIONS: Record<string, string> = {
  'part.created': 'Part added',
  'part.edited': 'Part edited',
  'part.deleted': 'Part deleted',
  'order.deleted': 'Order deleted',
  'order.paid': 'Order paid',
  'order.expired': 'Order expired (unpaid)',
  'order.refund_due': 'Payment to refund (order expired)',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
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

const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', className: 'whitespace-nowrap', cell: (entry) => <DateTime at={entry.at} /> },
  { header: 'Who', className: 'break-all', cell: (entry) => entry.actor },
  {
    header: 'What',
    cell: (entry) => (
      <>
        {ACTIONS[entry.action] ?? entry.action}
        <br />
        <span className="break-all text-xs text-base-content/70">{entry.subjectId}</span>
      </>
    ),
  },
  { header: 'Before', className: 'min-w-36', cell: (entry) => <Values value={entry.before} /> },
  { header: 'After', className: 'min-w-36', cell: (entry) => <Values value={entry.after} /> },
];

/** The audit log: what admins did and every payment, newest first. Nothing here can be changed. */
export function ActivityPage() {
  const paging = usePaging(AUDIT_PAGE_SIZE);
  const audit = useAudit(paging.page);
  useAccessRefusal(audit.error);
  return (
    <section>
      <PagedTable
        loading={audit.isPending}
        rows={audit.data?.rows}
        total={audit.data?.total}
        paging={paging}
        columns={AUDIT_COLUMNS}
        rowKey={(entry) => entry._id}
        empty={<p>Nothing has happened yet.</p>}
        className="table table-sm"
      />
    </section>
  );
}
