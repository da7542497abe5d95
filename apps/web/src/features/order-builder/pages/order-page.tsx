import type { RefusedLine } from '@shop/contract/errors';
import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import { AMOUNT_LIMIT_CENTS } from '@shop/contract/payments';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { waitsFor } from '../../../lib/availability';
import { steppedQuantity, typedPieces } from '../../../lib/pricing';
import { usePunchout } from '../../../lib/punchout-session';
import { useSession } from '../../auth';
import { usePaysByCard } from '../../companies';
import { useParts } from '../../parts';
import { useAddresses, useProfile } from '../../profile';
import { TransferCard } from '../../punchout';
import { RequestQuoteLink } from '../../quotes';
import { AddPartRow } from '../components/add-part-row';
import { BuilderTable, type ShownLine } from '../components/builder-table';
import { CheckoutForm } from '../components/checkout-form';
import { QuickOrderBox } from '../components/quick-order-box';
import { SaveListButton } from '../components/save-list-button';
import { checkLine, orderTotals, referenceProblem } from '../pricing';
import { type BuilderLine, clearBuilder, setBuilderLines, useBuilderLines } from '../store';

/** A line as the API takes it: its reference trimmed, and none when nothing is typed. */
const sent = ({ partsId, quantity, reference }: BuilderLine) => {
  const kept = reference?.trim();
  return { partsId, quantity, ...(kept ? { reference: kept } : {}) };
};

/**
 * The order builder: the lines being ordered (each checked as typed and priced by its breaks, with
 * the buyer's reference for it), a search-and-add row, the quick order box, Save as list, and the
 * checkout that places it all as one order. In a punchout window the checkout is Transfer to
 * procurement, and lists and quotes (the shop's own, not the procurement system's) are not offered.
 */
export function OrderPage() {
  const punchout = usePunchout() !== null;
  const lines = useBuilderLines();
  const parts = useParts(lines.map((line) => line.partsId));
  // Quantities as typed that are no whole number yet (the builder keeps whole numbers only), and
  // the lines the server refused, until edited: both by part.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});

  const shown: ShownLine[] = lines.map((line, index) => {
    const duplicate = lines.findIndex((other) => other.partsId === line.partsId) < index;
    // What was typed, unless the builder's quantity changed since (added to from the search row).
    const kept = typed[line.partsId];
    const keptPieces = kept === undefined ? undefined : typedPieces(kept);
    const text =
      kept !== undefined && (keptPieces === undefined || keptPieces === line.quantity)
        ? kept
        : String(line.quantity);
    const check = checkLine(parts[index], text, duplicate);
    const refusal = refused[line.partsId];
    const reference = line.reference ?? '';
    return {
      line,
      part: parts[index],
      typed: text,
      check: refusal && !('problem' in check) ? { problem: refusal } : check,
      reference,
      referenceProblem: referenceProblem(reference),
    };
  });
  const { total, saving } = orderTotals(shown.map((line) => line.check));
  // Some line above its part's stock (a backorderable part): checkout asks how to ship.
  const waiting = shown.some(
    ({ part, check }) => !!part && 'priced' in check && waitsFor(part, check.priced.quantity),
  );
  const ready =
    shown.length > 0 && shown.every((line) => 'priced' in line.check && line.referenceProblem === undefined);
  // What a quote is for: quantities outside a part's range, or a total no card may pay.
  const paysByCard = usePaysByCard();
  const quoteNeeded =
    !punchout &&
    (shown.some((line) => 'problem' in line.check && line.check.problem === OUT_OF_RANGE_MESSAGE) ||
      (paysByCard && total * 100 > AMOUNT_LIMIT_CENTS));

  const forget = (partsId: string) => {
    setTyped(({ [partsId]: _, ...rest }) => rest);
    setRefused(({ [partsId]: _, ...rest }) => rest);
  };
  const onType = (index: number, text: string) => {
    const line = lines[index];
    if (!line) return;
    forget(line.partsId);
    const pieces = typedPieces(text);
    if (pieces !== undefined)
      setBuilderLines(lines.map((other, at) => (at === index ? { ...other, quantity: pieces } : other)));
    if (pieces === undefined || String(pieces) !== text)
      setTyped((before) => ({ ...before, [line.partsId]: text }));
  };
  // The arrow keys in a quantity of a part sold in multiples: the next multiple up or down.
  const onStep = (index: number, direction: 1 | -1) => {
    const at = shown[index];
    if (at?.part) onType(index, String(steppedQuantity(at.part, at.typed, direction)));
  };
  const onReference = (index: number, text: string) =>
    setBuilderLines(lines.map((other, at) => (at === index ? { ...other, reference: text } : other)));
  const onRemove = (index: number) => {
    const line = lines[index];
    if (line) forget(line.partsId);
    setBuilderLines(lines.filter((_, at) => at !== index));
  };
  const onRefused = (lines: readonly RefusedLine[], message: string) =>
    setRefused(Object.fromEntries(lines.map((line) => [line.partsId, message])));

  return (
    <section className="flex flex-col gap-8">
      <PageHeading title="Order">Order</PageHeading>
      <div className="flex flex-col gap-4">
        {lines.length === 0 ? (
          <p>
            Your order has no lines yet. Add parts below, paste a quick order, or{' '}
            <Link to="/parts" className="link link-primary">
              browse the tools
            </Link>
            .
          </p>
        ) : (
          <BuilderTable
            lines={shown}
            total={total}
            saving={saving}
            onType={onType}
            onStep={onStep}
            onReference={onReference}
            onRemove={onRemove}
          />
        )}
        <AddPartRow />
        {lines.length > 0 && !punchout && (
          <div className="flex flex-wrap items-start gap-3">
            <SaveListButton lines={lines.map(sent)} disabled={shown.some((line) => line.referenceProblem)} />
            <RequestQuoteLink
              lines={shown.map((line) => ({ ...sent(line.line), quantity: line.typed }))}
              strong={quoteNeeded}
              size="btn-sm"
            />
          </div>
        )}
        {quoteNeeded && (
          <p role="note" className="text-sm">
            Quantities outside a part's range, or an order above the card limit? Request a quote: the shop
            answers with prices for these lines, and the order they make can be paid in My Order.
          </p>
        )}
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <QuickOrderBox lines={lines} />
        {punchout ? (
          <TransferCard
            lines={lines.map(sent)}
            ready={ready}
            total={total}
            onRefused={onRefused}
            onTransferred={clearBuilder}
          />
        ) : (
          <Checkout
            lines={lines.map(sent)}
            ready={ready}
            total={total}
            waiting={waiting}
            onRefused={onRefused}
          />
        )}
      </div>
    </section>
  );
}

/** The checkout once the buyer's mobile and saved addresses are known (either may fail: then none). */
function Checkout(props: Omit<Parameters<typeof CheckoutForm>[0], 'mobile' | 'addresses'>) {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  const profile = useProfile(email);
  const addresses = useAddresses();
  if (profile.isPending || addresses.isPending) return <ProgressBar />;
  return <CheckoutForm {...props} mobile={profile.data?.mobile ?? ''} addresses={addresses.data ?? []} />;
}
