import { useState } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { Pager } from '../../../components/ui/pager';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useAccessRefusal } from '../../auth/use-access-refusal';
import { MESSAGES_PAGE_SIZE, useMessages } from '../api/get-messages';

const PAGE_SIZE = MESSAGES_PAGE_SIZE;

/** The admins' inbox: what visitors sent through the home page, newest first. */
export function MessagesPage() {
  const [offset, setOffset] = useState(0);
  const inbox = useMessages({ limit: PAGE_SIZE, offset });
  useAccessRefusal(inbox.error);
  return (
    <section>
      {inbox.isPending && <ProgressBar />}
      {inbox.data?.messages.length === 0 && <p>No messages yet.</p>}
      {inbox.data && inbox.data.messages.length > 0 && (
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Form</th>
                <th scope="col">From</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {inbox.data.messages.map((message) => (
                <tr key={message._id}>
                  <td className="whitespace-nowrap">
                    <DateTime at={message.createdAt} time="short" />
                  </td>
                  <td>{message.kind === 'contact' ? 'Contact Us' : 'Complaint / suggestion'}</td>
                  <td className="break-all">{message.email ?? message.name}</td>
                  <td className="min-w-60 whitespace-pre-line break-words">{message.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {inbox.data && (
        <Pager offset={offset} limit={PAGE_SIZE} total={inbox.data.total} onChange={setOffset} />
      )}
    </section>
  );
}
