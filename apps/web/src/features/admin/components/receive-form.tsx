import { MAX_QUANTITY } from '@shop/contract/part-pricing';
import type { Part } from '@shop/contract/parts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { showError } from '../../../lib/toasts';
import { useReceive } from '../api/availability';
import { receivedText } from '../availability-fields';

const rules = lazyRules(() => import('../availability-rules').then((module) => module.receiveRules));

/**
 * Receive: pieces that arrived go to the orders waiting for them, oldest first, and the rest to
 * stock; the answer says where they went ("600 to 3 waiting orders, 100 to stock").
 */
export function ReceiveForm({ part }: { part: Part }) {
  const receive = useReceive(part._id);
  const [error, setError] = useState<string>();
  const [answer, setAnswer] = useState<string>();
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: { quantity: '' },
  });
  const onSubmit = form.handleSubmit((body) => {
    setError(undefined);
    setAnswer(undefined);
    receive.mutate(body, {
      onSuccess: (received) => {
        setAnswer(
          `Received ${receivedText(received, body.quantity)}. In stock now: ${received.available_quantity.toLocaleString('en')}.`,
        );
        form.reset();
      },
      onError: (failure) => {
        setError(failure.message);
        showError(failure);
      },
    });
  });
  return (
    <section aria-labelledby="receive-heading" className="card max-w-xl bg-base-100 shadow">
      <RulesForm
        rules={rules}
        onSubmit={onSubmit}
        className="card-body gap-3"
        error={error}
        notes={
          <p role="status" className={answer ? 'alert alert-success text-sm' : 'sr-only'}>
            {answer}
          </p>
        }
        submit={{
          label: receive.isPending ? 'Receiving…' : 'Receive',
          busy: receive.isPending,
          className: 'btn btn-primary self-start',
        }}
      >
        <h2 id="receive-heading" className="card-title text-xl">
          Receive
        </h2>
        <p className="text-sm text-base-content/70">
          Pieces that arrived go to the orders waiting for them, oldest first, then to stock; the incoming
          batches shrink by as many, earliest first.
        </p>
        <TextField
          label="Pieces received"
          type="number"
          min={1}
          max={MAX_QUANTITY}
          autoComplete="off"
          {...fieldsOf(form)('quantity')}
        />
      </RulesForm>
    </section>
  );
}
