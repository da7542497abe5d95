import { type IncomingBody, MAX_INCOMING_BATCHES, MAX_LEAD_TIME_DAYS } from '@shop/contract/availability';
import { MAX_QUANTITY } from '@shop/contract/part-pricing';
import type { Part } from '@shop/contract/parts';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RowsFieldset } from '../../../components/form/rows-fieldset';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { formatPieces } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { useSetIncoming } from '../api/availability';
import { incomingTotal, toIncomingFields } from '../availability-fields';
import type { IncomingFormInput } from '../availability-rules';

const rules = lazyRules(() => import('../availability-rules').then((module) => module.incomingRules));

/**
 * The part's availability (docs/api.md, "Availability"): whether an order may take more than is
 * in stock, the lead time of pieces nobody expects yet, and the batches on their way. Saved on
 * its own (PUT /api/parts/{id}/incoming), apart from the product form above it.
 */
export function AvailabilityForm({ part }: { part: Part }) {
  const setIncoming = useSetIncoming(part._id);
  const [error, setError] = useState<string>();
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: toIncomingFields(part),
  });
  // A receipt shrinks the batches: the form follows the part as it is now, unless edited.
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) form.reset(toIncomingFields(part));
  }, [part, isDirty, form]);
  const onSubmit = form.handleSubmit((body) => {
    setError(undefined);
    setIncoming.mutate(body, {
      onSuccess: (saved) => {
        showSuccess('Availability updated');
        form.reset(toIncomingFields(saved));
      },
      onError: (failure) => {
        setError(failure.message);
        showError(failure);
      },
    });
  });
  const field = fieldsOf(form);
  return (
    <section aria-labelledby="availability-heading" className="card max-w-xl bg-base-100 shadow">
      <RulesForm
        rules={rules}
        onSubmit={onSubmit}
        className="card-body gap-3"
        error={error}
        submit={{
          label: setIncoming.isPending ? 'Updating…' : 'Update availability',
          busy: setIncoming.isPending,
          className: 'btn btn-primary self-start',
        }}
      >
        <h2 id="availability-heading" className="card-title text-xl">
          Availability
        </h2>
        <p className="text-sm text-base-content/70">
          {formatPieces(part.available_quantity)} in stock
          {part.backordered ? `, ${formatPieces(part.backordered)} waited for by orders` : ''}
          {part.incoming.length > 0 ? `, ${formatPieces(incomingTotal(part.incoming))} incoming` : ''}. Kept
          apart from the product form: update it with its own button.
        </p>
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="checkbox mt-0.5" {...form.register('backorderable')} />
          <span>
            <span className="font-medium">May be backordered</span>
            <span className="block text-sm text-base-content/70">
              An order may take more than is in stock: the rest waits for the incoming pieces.
            </span>
          </span>
        </label>
        <TextField
          label="Lead time in days"
          type="number"
          min={0}
          max={MAX_LEAD_TIME_DAYS}
          hint="Days from an order to pieces no batch brings; empty: unknown."
          {...field('leadTimeDays')}
        />
        <BatchesEditor form={form} />
      </RulesForm>
    </section>
  );
}

/** The incoming batches: up to MAX_INCOMING_BATCHES rows of pieces and the day they are expected. */
function BatchesEditor({ form }: { form: UseFormReturn<IncomingFormInput, unknown, IncomingBody> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'batches' });
  const field = fieldsOf(form);
  return (
    <RowsFieldset
      legend="Incoming batches"
      hint={<>Pieces on their way, kept by expected day. At most {MAX_INCOMING_BATCHES}.</>}
      empty="No batch is on its way."
      noun="batch"
      rows={fields}
      max={MAX_INCOMING_BATCHES}
      addLabel="Add batch"
      onAdd={() => append({ quantity: '', expectedAt: '' })}
      onRemove={remove}
      row={(index) => (
        <>
          <TextField
            label="Quantity"
            type="number"
            min={1}
            max={MAX_QUANTITY}
            {...field(`batches.${index}.quantity`)}
          />
          <TextField label="Expected on" type="date" {...field(`batches.${index}.expectedAt`)} />
        </>
      )}
    />
  );
}
