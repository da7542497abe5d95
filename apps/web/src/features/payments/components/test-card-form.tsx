import { TestCard } from '@shop/contract/payments';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../lib/form';
import { FormError } from '../../auth/components/auth-card';
import { type CardInput, useTestCardPayment } from '../api/payments';

/** The shop's own card form (test provider): Stripe's test numbers, e.g. 4242 4242 4242 4242. */
export function TestCardForm({
  orderId,
  clientSecret,
  onPaid,
}: {
  orderId: string;
  clientSecret: string;
  onPaid: (paymentId: string) => void;
}) {
  const payment = useTestCardPayment(orderId);
  const { register, handleSubmit, formState } = useForm<CardInput>({
    defaultValues: { number: '', exp: '', cvc: '' },
  });
  const check = (field: keyof CardInput) => (value: string) => {
    const result = TestCard.shape[field].safeParse(value);
    return result.success || result.error.issues[0]?.message || 'is not valid';
  };
  const onSubmit = handleSubmit((card) =>
    payment.mutate(
      { clientSecret, card },
      {
        onSuccess: onPaid,
        // SPEC.md §8: card errors are logged; the buyer sees them too.
        onError: (error) => console.warn('Card payment failed:', error.message),
      },
    ),
  );
  return (
    <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        registration={register('number', { validate: check('number') })}
        error={formState.errors.number}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          registration={register('exp', { validate: check('exp') })}
          error={formState.errors.exp}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          registration={register('cvc', { validate: check('cvc') })}
          error={formState.errors.cvc}
        />
      </div>
      <FormError message={payment.error?.message} />
      <button type="submit" className="btn btn-primary self-start" disabled={payment.isPending}>
        Pay
      </button>
    </form>
  );
}
