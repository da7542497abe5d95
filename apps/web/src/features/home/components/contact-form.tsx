import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { useForm } from '../../../lib/form';
import { toastOutcome } from '../../../lib/toasts';
import { useSendMessage } from '../api/send-message';

const rules = lazyRules(() => import('../rules').then((module) => module.contactRules));

/** The Contact Us form of the home page (SPEC.md §2). */
export function ContactForm() {
  const send = useSendMessage();
  // No default values: the form arrives rendered on the server, and what a visitor typed before
  // the app started is the form's value (react-hook-form would write its defaults over it).
  const { field, handleSubmit, reset } = useForm({ resolver: rules.resolver });
  const onSubmit = handleSubmit((fields) =>
    send.mutate(
      { kind: 'contact', ...fields },
      toastOutcome('Thank you! We will write back soon.', () => reset({ email: '', message: '' })),
    ),
  );
  return (
    <section aria-labelledby="contact-heading" className="card bg-primary text-primary-content shadow">
      <RulesForm
        rules={rules}
        onSubmit={onSubmit}
        className="card-body gap-4 [&_input]:text-base-content [&_textarea]:text-base-content"
        browserChecks
        submit={{ label: 'Send', busy: send.isPending, className: 'btn btn-warning self-start' }}
      >
        <h2 id="contact-heading" className="card-title text-2xl">
          Contact Us
        </h2>
        <TextField
          label="Email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          {...field('email')}
        />
        <TextAreaField label="Message" required maxLength={2000} {...field('message')} />
      </RulesForm>
    </section>
  );
}
