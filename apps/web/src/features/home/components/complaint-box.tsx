import { useId } from 'react';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { useMessageForm } from './use-message-form';

const rules = lazyRules(() => import('../rules').then((module) => module.complaintRules));

/** The complaints/suggestion box of the home page (docs/product.md §2): Full Name, Describe, the checkbox, Send. */
export function ComplaintBox() {
  const consentId = useId();
  const { register, field, formState, onSubmit, busy } = useMessageForm(
    rules,
    'complaint',
    'Thank you! We read every suggestion.',
    { name: '', message: '', consent: false as unknown as true },
  );
  return (
    <section aria-labelledby="complaint-heading" className="card bg-base-100 shadow">
      <RulesForm
        rules={rules}
        onSubmit={onSubmit}
        className="card-body gap-4"
        browserChecks
        submit={{ label: 'Send', busy, className: 'btn btn-primary self-start' }}
      >
        <h2 id="complaint-heading" className="card-title text-2xl text-primary">
          Complaints and suggestions
        </h2>
        <TextField label="Full Name" required maxLength={100} autoComplete="name" {...field('name')} />
        <TextAreaField label="Describe" required maxLength={2000} {...field('message')} />
        <div>
          <label htmlFor={consentId} className="flex cursor-pointer items-center gap-3">
            <input
              id={consentId}
              type="checkbox"
              required
              className="checkbox checkbox-primary"
              {...register('consent')}
            />
            <span>I agree that the shop may contact me about this.</span>
          </label>
          {formState.errors.consent && (
            <p className="mt-1 text-sm text-error">Tick the box so that we may answer you.</p>
          )}
        </div>
      </RulesForm>
    </section>
  );
}
