import type { AuditEntry } from '@shop/contract/audit';
import { DateTime } from '../../../components/ui/date-time';
import { type Column, PagedTable, usePaging } from '../../../components/ui/paged-table';
import { useAccessRefusal } from '../../auth';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/get-audit';
import { EntryValues } from '../components/entry-values';
import { actionWords, subjectWords } from '../entry-words';

const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  // What and who first: what a phone shows before the table is scrolled.
  {
    header: 'What',
    className: 'min-w-40',
    cell: (entry) => (
      <>
        <span className="block">{actionWords(entry.action)}</span>
        <span className="block break-words text-sm font-medium">{subjectWords(entry)}</span>
      </>
    ),
  },
  {
    header: 'Who',
    className: 'min-w-32',
    cell: (entry) =>
      entry.actor === 'shop' ? (
        <span className="text-base-content/70">The shop (automatic)</span>
      ) : (
        <>
          <span className="block font-medium">{entry.actorName ?? 'A former account'}</span>
          <span className="block break-all text-xs text-base-content/70">{entry.actor}</span>
        </>
      ),
  },
  { header: 'When', className: 'whitespace-nowrap', cell: (entry) => <DateTime at={entry.at} /> },
  {
    header: 'Before',
    className: 'min-w-36',
    cell: (entry) => <EntryValues value={entry.before} names={entry.names} other={entry.after} />,
  },
  {
    header: 'After',
    className: 'min-w-36',
    cell: (entry) => <EntryValues value={entry.after} names={entry.names} other={entry.before} />,
  },
];

/**
 * The audit log: what admins did and every payment, newest first, each as a person reads it: who
 * (name and email, or the shop itself), what (the action in words, and the order's number, the
 * part's or company's name), and what changed. Nothing here can be changed.
 */
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
        // Nothing in it takes the focus: its scroll box does, for a keyboard to scroll it sideways.
        scrollLabel="Activity"
      />
    </section>
  );
}
