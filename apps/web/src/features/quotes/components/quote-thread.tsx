import { MAX_QUOTE_MESSAGE, MAX_QUOTE_MESSAGES, type QuoteMessage } from '@shop/contract/quotes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField } from '../../../components/form/text-field';
import { DateTime } from '../../../components/ui/date-time';
import { toastOutcome } from '../../../lib/toasts';
import { useEarlierQuoteMessages, useSendQuoteMessage } from '../api/quotes';

const rules = lazyRules(() => import('../rules').then((module) => module.messageRules));

/** Who wrote a message, as the reader sees it: "You" for their own side. */
function author(from: QuoteMessage['from'], admin: boolean): string {
  if (from === 'shop') return admin ? 'Shop (you)' : 'Shop';
  return admin ? 'Buyer' : 'You';
}

/**
 * A quote's thread, oldest first (the request is its first message), and the reply form. The quote
 * carries its newest messages; "Show earlier messages" loads the older ones a page at a time.
 */
export function QuoteThread({
  quoteId,
  messages,
  messageCount,
  admin,
}: {
  quoteId: string;
  /** The newest messages, oldest first (what the quote carries). */
  messages: readonly QuoteMessage[];
  /** How many messages the thread holds in all. */
  messageCount: number;
  admin: boolean;
}) {
  // The earlier messages are asked for only when shown.
  const [showEarlier, setShowEarlier] = useState(false);
  const thread = { messages, messageCount, admin };
  return (
    <section aria-labelledby="quote-thread" className="flex flex-col gap-4">
      <h2 id="quote-thread" className="text-xl font-semibold">
        Messages
      </h2>
      {showEarlier ? (
        <ThreadWithEarlier quoteId={quoteId} {...thread} />
      ) : (
        <Thread {...thread} older={[]} onEarlier={() => setShowEarlier(true)} />
      )}
      {messageCount >= MAX_QUOTE_MESSAGES ? (
        <p className="text-base-content/70">
          This quote holds {MAX_QUOTE_MESSAGES} messages, the most one quote may; ask for a new quote to go
          on.
        </p>
      ) : (
        <ReplyForm quoteId={quoteId} />
      )}
    </section>
  );
}

/** The thread once its earlier messages are asked for: they load a page at a time. */
function ThreadWithEarlier({
  quoteId,
  ...thread
}: {
  quoteId: string;
  messages: readonly QuoteMessage[];
  messageCount: number;
  admin: boolean;
}) {
  const earlier = useEarlierQuoteMessages(quoteId, true);
  // The pages came newest first: the last one loaded holds the oldest messages.
  const older = [...(earlier.data?.pages ?? [])].reverse().flatMap((page) => page.rows);
  return (
    <Thread
      {...thread}
      older={older}
      fetching={earlier.isFetching}
      failed={earlier.isError && !earlier.isFetching}
      onEarlier={() => {
        if (!earlier.data) void earlier.refetch();
        else void earlier.fetchNextPage();
      }}
    />
  );
}

/** The messages shown, oldest first, below "Show earlier messages" while the thread holds more. */
function Thread({
  messages,
  messageCount,
  admin,
  older,
  fetching = false,
  failed = false,
  onEarlier,
}: {
  messages: readonly QuoteMessage[];
  messageCount: number;
  admin: boolean;
  older: readonly QuoteMessage[];
  fetching?: boolean;
  failed?: boolean;
  onEarlier: () => void;
}) {
  const thread = [...older, ...messages];
  // Where the first message shown stands in the whole thread: each message keeps its place as key.
  const first = Math.max(0, messageCount - thread.length);
  return (
    <>
      {first > 0 && (
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={fetching}
          onClick={onEarlier}
        >
          Show earlier messages ({first} more)
        </button>
      )}
      {failed && <p className="text-error">The earlier messages could not be loaded; try again.</p>}
      <ol className="flex flex-col gap-3">
        {thread.map((message, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's place in the whole thread never changes.
            key={first + index}
            className={`rounded-box p-3 sm:max-w-[80%] ${
              message.from === 'shop' ? 'bg-primary/10 sm:self-end' : 'bg-base-200 sm:self-start'
            }`}
          >
            <p className="mb-1 text-sm text-base-content/70">
              <strong>{author(message.from, admin)}</strong> ·{' '}
              <DateTime at={message.createdAt} time="short" />
            </p>
            <p className="whitespace-pre-wrap break-words">{message.message}</p>
          </li>
        ))}
      </ol>
    </>
  );
}

function ReplyForm({ quoteId }: { quoteId: string }) {
  const send = useSendQuoteMessage(quoteId);
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: { message: '' },
  });
  const { handleSubmit, reset } = form;
  const field = fieldsOf(form);
  const onSubmit = handleSubmit((body) =>
    send.mutate(
      body,
      toastOutcome('Message sent', () => reset()),
    ),
  );
  return (
    <RulesForm
      rules={rules}
      onSubmit={onSubmit}
      className="flex max-w-2xl flex-col gap-3"
      submit={{ label: 'Send reply', busy: send.isPending, className: 'btn btn-primary self-start' }}
    >
      <TextAreaField label="Reply" rows={3} maxLength={MAX_QUOTE_MESSAGE} {...field('message')} />
    </RulesForm>
  );
}
