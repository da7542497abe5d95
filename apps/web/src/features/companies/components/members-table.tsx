import type { Company, CompanyMember, CompanyRole } from '@shop/contract/companies';
import { useId, useState } from 'react';
import { FormError } from '../../../components/form/form-notes';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { showSuccess } from '../../../lib/toasts';
import { useChangeMember, useRemoveMember } from '../api/companies';
import { limitLabel, ROLE_LABEL } from '../labels';

interface RowProps {
  member: CompanyMember;
  me: string;
  manage: boolean;
  onChange: () => void;
  onRemove: () => void;
}

/**
 * The company's members: name, email, role and monthly limit; a table, below 640 px a card a
 * member. A company admin changes a member's role and limit in place, and removes a member after
 * 'Are you sure?'.
 */
export function MembersTable({ company, manage, me }: { company: Company; manage: boolean; me: string }) {
  const remove = useRemoveMember(company._id);
  const { ask, modal } = useConfirmedAction<CompanyMember>(
    { mutate: remove.mutate, isPending: remove.isPending },
    (member) => member.uid,
    (member) => `Remove ${member.name} (${member.email}) from the company: they will no longer buy for it.`,
  );
  const [editing, setEditing] = useState<string | null>(null);
  const rowProps = (member: CompanyMember): RowProps => ({
    member,
    me,
    manage,
    onChange: () => setEditing(member.uid),
    onRemove: () => ask(member),
  });
  const editor = (member: CompanyMember) => (
    <MemberEditor companyId={company._id} member={member} onDone={() => setEditing(null)} />
  );
  return (
    <section aria-labelledby="company-members" className="flex flex-col gap-2">
      <h2 id="company-members" className="text-xl font-semibold">
        Members
      </h2>
      <table className="table table-cards">
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
              <tr key={member.uid}>
                <td colSpan={manage ? 4 : 3}>
                  <Who member={member} me={me} />
                  {editor(member)}
                </td>
              </tr>
            ) : (
              <tr key={member.uid}>
                <LabelledCell label="Name">
                  <Who member={member} me={me} />
                </LabelledCell>
                <LabelledCell label="Role">{ROLE_LABEL[member.role]}</LabelledCell>
                <LabelledCell label="Monthly limit">{limitLabel(member.spendingLimit)}</LabelledCell>
                {manage && (
                  <td>
                    <Actions {...rowProps(member)} />
                  </td>
                )}
              </tr>
            ),
          )}
        </tbody>
      </table>
      {modal}
    </section>
  );
}

function Who({ member, me }: { member: CompanyMember; me: string }) {
  return (
    <>
      <div className="font-medium break-words">
        {member.name}
        {member.email === me && <span className="text-base-content/60"> (you)</span>}
      </div>
      <div className="text-sm break-words text-base-content/70 [overflow-wrap:anywhere]">{member.email}</div>
    </>
  );
}

function Actions({ member, onChange, onRemove }: RowProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={`Change ${member.name}`}
        onClick={onChange}
      >
        Change
      </button>
      <button
        type="button"
        className="btn btn-error btn-outline btn-sm"
        aria-label={`Remove ${member.name}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}

/** A member's role and limit being changed: Save sends both; the limit empty means none. */
function MemberEditor({
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
          showSuccess(`Saved: ${member.name}'s role and monthly limit`);
          onDone();
        },
      },
    );
  };
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-medium">
            Role
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
        </div>
        <div>
          <label htmlFor={`${id}-limit`} className="mb-1 block text-sm font-medium">
            Monthly limit ($)
          </label>
          <input
            id={`${id}-limit`}
            className="input input-bordered input-sm w-36"
            inputMode="numeric"
            placeholder="No limit"
            aria-describedby={`${id}-hint`}
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={save} disabled={change.isPending}>
            Save
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
            Cancel
          </button>
        </div>
      </div>
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        Empty: no limit
      </p>
      <FormError message={problem ?? change.error?.message} />
    </div>
  );
}
