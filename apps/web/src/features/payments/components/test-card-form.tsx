import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { type CardInput, useTestCardPayment } from '../api/payments';
import { cardErrorInWords, checkCardField } from '../card-words';

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
  const form = useForm<CardInput>({
    defaultValues: { number: '', exp: '', cvc: '' },
  });
  const { handleSubmit } = form;
  const field = fieldsOf(form);
  const check = (field: keyof CardInput) => (value: string) => checkCardField(field, value);
  const onSubmit = handleSubmit((card) =>
    payment.mutate(
      { clientSecret, card },
      {
        onSuccess: onPaid,
        // docs/product.md §8: card errors are logged; the buyer sees them too.
        onError: (error) => console.warn('Card payment failed:', error.message),
      },
    ),
  );
  return (
    <RulesForm
      onSubmit={onSubmit}
      error={cardErrorInWords(payment.error)}
      submit={{ label: 'Pay', busy: payment.isPending, className: 'btn btn-primary self-start' }}
    >
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        {...field('number', { validate: check('number') })}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          {...field('exp', { validate: check('exp') })}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...field('cvc', { validate: check('cvc') })}
        />
      </div>
    </RulesForm>
  );
}
