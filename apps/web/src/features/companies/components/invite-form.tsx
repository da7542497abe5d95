import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { Notice } from '../../../components/form/form-notes';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { EmailField, TextField } from '../../../components/form/text-field';
import { useInvite } from '../api/companies';

const rules = lazyRules(() => import('../rules').then((module) => module.invitationRules));

/** Invite a colleague by email: their role and monthly limit; they get a link valid 7 days. */
export function InviteForm({ companyId }: { companyId: string }) {
  const id = useId();
  const invite = useInvite(companyId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: { email: '', role: 'buyer' as const, spendingLimit: '' },
  });
  const { handleSubmit, register, reset } = form;
  const field = fieldsOf(form);
  const onSubmit = handleSubmit((invitation) =>
    invite.mutate(invitation, {
      onSuccess: () => {
        setSentTo(invitation.email);
        reset();
      },
    }),
  );
  return (
    <section aria-labelledby={`${id}-title`} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id={`${id}-title`} className="card-title">
          Invite a colleague
        </h2>
        {sentTo && <Notice>Invitation sent to {sentTo}. The link works for 7 days.</Notice>}
        <RulesForm
          rules={rules}
          onSubmit={onSubmit}
          className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_auto] md:items-start"
          error={invite.error?.message}
          submit={{ label: 'Send invitation', busy: invite.isPending, className: 'btn btn-primary md:mt-7' }}
        >
          <EmailField autoComplete="off" {...field('email')} />
          <div>
            <label htmlFor={`${id}-role`} className="mb-1 block font-medium">
              Role
            </label>
            <select id={`${id}-role`} className="select select-bordered w-full" {...register('role')}>
              <option value="buyer">Buyer</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          <TextField
            label="Monthly limit ($)"
            inputMode="numeric"
            hint="Empty: no limit"
            {...field('spendingLimit')}
          />
        </RulesForm>
      </div>
    </section>
  );
}
