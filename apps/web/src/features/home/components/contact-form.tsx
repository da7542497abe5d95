import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { EmailField, TextAreaField } from '../../../components/form/text-field';
import { useMessageForm } from './use-message-form';

const rules = lazyRules(() => import('../rules').then((module) => module.contactRules));

/** The Contact Us form of the home page (docs/product.md §2). */
export function ContactForm() {
  const { field, onSubmit, busy } = useMessageForm(rules, 'contact', 'Thank you! We will write back soon.', {
    email: '',
    message: '',
  });
  return (
    <section aria-labelledby="contact-heading" className="card bg-primary text-primary-content shadow">
      <RulesForm
        rules={rules}
        onSubmit={onSubmit}
        className="card-body gap-4 [&_input]:text-base-content [&_textarea]:text-base-content"
        browserChecks
        submit={{ label: 'Send', busy, className: 'btn btn-warning self-start' }}
      >
        <h2 id="contact-heading" className="card-title text-2xl">
          Contact Us
        </h2>
        <EmailField maxLength={254} {...field('email')} />
        <TextAreaField label="Message" required maxLength={2000} {...field('message')} />
      </RulesForm>
    </section>
  );
}
