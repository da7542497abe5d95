import type { Message } from '@shop/contract/messages';
import { DateTime } from '../../../components/ui/date-time';
import { type Column, PagedTable, usePaging } from '../../../components/ui/paged-table';
import { useAccessRefusal } from '../../auth';
import { MESSAGES_PAGE_SIZE, useMessages } from '../api/get-messages';

const MESSAGE_COLUMNS: Column<Message>[] = [
  {
    header: 'Received',
    className: 'whitespace-nowrap',
    cell: (message) => <DateTime at={message.createdAt} time="short" />,
  },
  {
    header: 'Form',
    cell: (message) => (message.kind === 'contact' ? 'Contact Us' : 'Complaint / suggestion'),
  },
  { header: 'From', className: 'break-all', cell: (message) => message.email ?? message.name },
  {
    header: 'Message',
    className: 'min-w-60 whitespace-pre-line break-words',
    cell: (message) => message.message,
  },
];

/** The admins' inbox: what visitors sent through the home page, newest first. */
export function MessagesPage() {
  const paging = usePaging(MESSAGES_PAGE_SIZE);
  const inbox = useMessages(paging.page);
  useAccessRefusal(inbox.error);
  return (
    <section>
      <PagedTable
        loading={inbox.isPending}
        rows={inbox.data?.rows}
        total={inbox.data?.total}
        paging={paging}
        columns={MESSAGE_COLUMNS}
        rowKey={(message) => message._id}
        empty={<p>No messages yet.</p>}
      />
    </section>
  );
}
