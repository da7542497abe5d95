import { type ReactNode, useId } from 'react';
import { formatCount } from '../../lib/format';
import { ProgressBar } from './progress-bar';

/**
 * A list the shop caps (a buyer's API keys, webhooks): the loading bar while it loads, a note when
 * it cannot be shown, else a section headed 'Your <noun> (n of at most max)' holding `empty` when
 * there is none and `children` (its table) when there are.
 */
export function CappedList<Item>({
  noun,
  items,
  isPending,
  isError,
  max,
  empty,
  children,
}: {
  /** What the list holds, plural: 'keys', 'webhooks'. */
  noun: string;
  items: Item[] | undefined;
  isPending: boolean;
  isError: boolean;
  max: number;
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  const ids = useId();
  return (
    <>
      {isPending && <ProgressBar label={`Loading your ${noun}`} />}
      {isError && <p>{`Your ${noun} cannot be shown just now. Please try again soon.`}</p>}
      {items && (
        <section aria-labelledby={`${ids}-list`} className="flex flex-col gap-3">
          <h2 id={`${ids}-list`} className="text-xl font-semibold">
            {`Your ${noun} (${formatCount(items.length)} of at most ${formatCount(max)})`}
          </h2>
          {items.length === 0 ? empty : children(items)}
        </section>
      )}
    </>
  );
}
