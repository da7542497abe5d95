import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { RulesForm } from '../../../components/form/rules-form';
import { recordPayment } from '../api/payments';

/**
 * Stripe's Payment Element, loaded from Stripe (never bundled), on a page whose CSP allows
 * Stripe's hosts. The card never touches the shop; the order is marked paid once the server has
 * checked the payment with Stripe.
 */
export function StripeCardForm({
  publishableKey,
  clientSecret,
  orderId,
  onPaid,
}: {
  publishableKey: string;
  clientSecret: string;
  orderId: string;
  onPaid: (paymentId: string) => void;
}) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    // The pure entry loads Stripe.js only here, not on every page.
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (cancelled || !loaded || !mountPoint.current) return;
        const elements = loaded.elements({ clientSecret });
        elements.create('payment').mount(mountPoint.current);
        setStripe({ stripe: loaded, elements });
      })
      .catch((cause: unknown) => {
        console.warn('Stripe.js could not be loaded:', cause);
        if (!cancelled) setError('The card form could not be loaded from Stripe. Please try again later.');
      });
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe) return;
    setBusy(true);
    setError(undefined);
    const result = await stripe.stripe.confirmPayment({ elements: stripe.elements, redirect: 'if_required' });
    if (result.error) {
      // docs/product.md §8: card errors are logged; the buyer sees them too.
      console.warn('Card payment failed:', result.error.message);
      setError(result.error.message);
    } else if (result.paymentIntent.status === 'succeeded') {
      try {
        onPaid(await recordPayment(orderId, result.paymentIntent.id));
      } catch (cause) {
        setError(cause instanceof Error ? cause.message : 'The payment could not be recorded');
      }
    }
    setBusy(false);
  };

  return (
    <RulesForm
      onSubmit={onSubmit}
      error={error}
      submit={{ label: 'Pay', busy, disabled: !stripe, className: 'btn btn-primary self-start' }}
    >
      <div ref={mountPoint} />
      {!stripe && !error && <p className="text-sm">Loading the card form from Stripe…</p>}
    </RulesForm>
  );
}
