import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../lib/toasts';
import { useCreateCompany } from '../api/companies';

const rules = lazyRules(() => import('../rules').then((module) => module.companyRules));

/** "Create a company": its name and VAT id; the buyer becomes its admin. */
export function CreateCompanyForm() {
  const create = useCreateCompany();
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: { name: '', vatId: '' },
  });
  const { handleSubmit } = form;
  const field = fieldsOf(form);
  const onSubmit = handleSubmit(({ name, vatId }) =>
    create.mutate(
      { name, ...(vatId ? { vatId } : {}) },
      { onSuccess: () => showSuccess('Your company is created') },
    ),
  );
  return (
    <section aria-labelledby="create-company" className="card max-w-lg bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id="create-company" className="card-title">
          Create a company
        </h2>
        <p>
          Buy together with your colleagues: invite them, give each a monthly spending limit, and approve the
          orders above it. You become the company's admin.
        </p>
        <RulesForm
          rules={rules}
          onSubmit={onSubmit}
          error={create.error?.message}
          submit={{ label: 'Create company', busy: create.isPending }}
        >
          <TextField
            label="Company name"
            required
            maxLength={200}
            autoComplete="organization"
            {...field('name')}
          />
          <TextField
            label="VAT id"
            maxLength={30}
            hint="Optional: printed on your invoices"
            {...field('vatId')}
          />
        </RulesForm>
      </div>
    </section>
  );
}
