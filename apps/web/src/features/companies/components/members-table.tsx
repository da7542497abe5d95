import type { Company, CompanyMember, CompanyRole } from '@shop/contract/companies';
import { useId, useState } from 'react';
import { FormError } from '../../../components/form/form-notes';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { showSuccess } from '../../../lib/toasts';
import { useChangeMember, useRemoveMember } from '../api/companies';
import { limitLabel, ROLE_LABEL } from '../labels';

/**
 * The company's members: name, email, role and monthly limit. A company admin changes a member's
 * role and limit in place, and removes a member after 'Are you sure?'.
 */
export function MembersTable({ company, manage, me }: { company: Company; manage: boolean; me: string }) {
  const remove = useRemoveMember(company._id);
  const { ask, modal } = useConfirmedAction<CompanyMember>(
    { mutate: remove.mutate, isPending: remove.isPending },
    (member) => member.uid,
  );
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="company-members" className="flex flex-col gap-2">
      <h2 id="company-members" className="text-xl font-semibold">
        Members
      </h2>
      <div className="overflow-x-auto">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Monthly limit</th>
              {manage && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {company.members.map((member) =>
              editing === member.uid ? (
                <EditRow
                  key={member.uid}
                  companyId={company._id}
                  member={member}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <tr key={member.uid}>
                  <td>
                    <div className="font-medium">
                      {member.name}
                      {member.email === me && <span className="text-base-content/60"> (you)</span>}
                    </div>
                    <div className="break-all text-sm text-base-content/70">{member.email}</div>
                  </td>
                  <td>{ROLE_LABEL[member.role]}</td>
                  <td>{limitLabel(member.spendingLimit)}</td>
                  {manage && (
                    <td>
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-label={`Change ${member.name}`}
                          onClick={() => setEditing(member.uid)}
                        >
                          Change
                        </button>
                        <button
                          type="button"
                          className="btn btn-error btn-outline btn-sm"
                          aria-label={`Remove ${member.name}`}
                          onClick={() => ask(member)}
                        >
                          Remove
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {modal}
    </section>
  );
}

/** A member's role and limit being changed: Save sends both; the limit empty means none. */
function EditRow({
  companyId,
  member,
  onDone,
}: {
  companyId: string;
  member: CompanyMember;
  onDone: () => void;
}) {
  const id = useId();
  const change = useChangeMember(companyId);
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [limit, setLimit] = useState(member.spendingLimit === undefined ? '' : String(member.spendingLimit));
  const [problem, setProblem] = useState<string | undefined>();
  const save = () => {
    const typed = limit.trim();
    if (typed !== '' && !/^\d+$/.test(typed)) {
      setProblem('Monthly limit must be whole dollars, or empty for no limit');
      return;
    }
    setProblem(undefined);
    change.mutate(
      { uid: member.uid, role, spendingLimit: typed === '' ? null : Number(typed) },
      {
        onSuccess: () => {
          showSuccess(`${member.name} is changed`);
          onDone();
        },
      },
    );
  };
  return (
    <tr>
      <td>
        <div className="font-medium">{member.name}</div>
        <div className="break-all text-sm text-base-content/70">{member.email}</div>
      </td>
      <td>
        <label htmlFor={`${id}-role`} className="sr-only">
          Role of {member.name}
        </label>
        <select
          id={`${id}-role`}
          className="select select-bordered select-sm"
          value={role}
          onChange={(event) => setRole(event.target.value as CompanyRole)}
        >
          <option value="buyer">Buyer</option>
          <option value="admin">Admin</option>
        </select>
      </td>
      <td>
        <label htmlFor={`${id}-limit`} className="sr-only">
          Monthly limit of {member.name} in dollars (empty: no limit)
        </label>
        <input
          id={`${id}-limit`}
          className="input input-bordered input-sm w-32"
          inputMode="numeric"
          placeholder="No limit"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
        />
        <FormError message={problem ?? change.error?.message} />
      </td>
      <td>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={save} disabled={change.isPending}>
            Save
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}
