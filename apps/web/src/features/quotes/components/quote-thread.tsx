import { MAX_QUOTE_MESSAGE, type QuoteMessage } from '@shop/contract/quotes';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField } from '../../../components/form/text-field';
import { DateTime } from '../../../components/ui/date-time';
import { useForm } from '../../../lib/form';
import { toastOutcome } from '../../../lib/toasts';
import { useSendQuoteMessage } from '../api/quotes';

const rules = lazyRules(() => import('../rules').then((module) => module.messageRules));

/** Who wrote a message, as the reader sees it: "You" for their own side. */
function author(from: QuoteMessage['from'], admin: boolean): string {
  if (from === 'shop') return admin ? 'Shop (you)' : 'Shop';
  return admin ? 'Buyer' : 'You';
}

/** A quote's thread, oldest first (the request is its first message), and the reply form. */
export function QuoteThread({
  quoteId,
  messages,
  admin,
}: {
  quoteId: string;
  messages: readonly QuoteMessage[];
  admin: boolean;
}) {
  return (
    <section aria-labelledby="quote-thread" className="flex flex-col gap-4">
      <h2 id="quote-thread" className="text-xl font-semibold">
        Messages
      </h2>
      <ol className="flex flex-col gap-3">
        {messages.map((message, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a thread only grows at its end.
            key={index}
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
      <ReplyForm quoteId={quoteId} />
    </section>
  );
}

function ReplyForm({ quoteId }: { quoteId: string }) {
  const send = useSendQuoteMessage(quoteId);
  const { field, handleSubmit, reset } = useForm({
    resolver: rules.resolver,
    defaultValues: { message: '' },
  });
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
