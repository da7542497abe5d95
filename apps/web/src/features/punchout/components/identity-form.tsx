import type { CompanyMember } from '@shop/contract/companies';
import type { PunchoutIdentity } from '@shop/contract/punchout';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/form/form-notes';
import { showSuccess } from '../../../lib/toasts';
import { useSavePunchoutIdentity } from '../api/punchout';

const CREDENTIAL_MAX = 200;

function Field({
  id,
  label,
  hint,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={id}
        className="input input-bordered w-full max-w-md"
        value={value}
        required
        maxLength={CREDENTIAL_MAX}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/70">
        {hint}
      </p>
    </div>
  );
}

/** The three credentials the procurement system sends, each with what it is and an example. */
const CREDENTIALS = [
  {
    key: 'domain',
    label: 'Domain',
    hint: 'The cXML credential domain it sends as From or Sender.',
    placeholder: 'NetworkID',
  },
  {
    key: 'identity',
    label: 'Identity',
    hint: 'Its cXML credential identity within that domain.',
    placeholder: 'AN01000000001',
  },
  {
    key: 'ociUsername',
    label: 'OCI user',
    hint: 'The USERNAME it sends to the OCI address.',
    placeholder: 'acme-procurement',
  },
] as const;

type Credentials = Record<(typeof CREDENTIALS)[number]['key'], string>;

function BuyerSelect({
  id,
  members,
  value,
  onChange,
}: {
  id: string;
  members: readonly CompanyMember[];
  value: string;
  onChange: (email: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium">
        Buyer
      </label>
      <select
        id={id}
        className="select select-bordered w-full max-w-md"
        value={value}
        required
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      >
        {members.map((member) => (
          <option key={member.uid} value={member.email}>
            {member.name} ({member.email})
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/70">
        The member a punchout or a purchase order acts as when your procurement system names none of your
        members.
      </p>
    </div>
  );
}

/**
 * The company's punchout identity: the cXML credential (domain and identity) and the OCI user its
 * procurement system sends, and the member a session acts as when it names none. Saving answers
 * the shared secret when it made one (`onSecret`): the first save, or with "Make a new shared secret".
 */
export function IdentityForm({
  companyId,
  members,
  current,
  onSecret,
}: {
  companyId: string;
  members: readonly CompanyMember[];
  current: PunchoutIdentity | null;
  onSecret: (secret: string) => void;
}) {
  const ids = useId();
  const [credentials, setCredentials] = useState<Credentials>({
    domain: current?.domain ?? 'NetworkID',
    identity: current?.identity ?? '',
    ociUsername: current?.ociUsername ?? '',
  });
  const [buyerEmail, setBuyerEmail] = useState(current?.buyerEmail ?? members[0]?.email ?? '');
  const [newSecret, setNewSecret] = useState(false);
  const save = useSavePunchoutIdentity(companyId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      Object.entries(credentials).map(([key, value]) => [key, value.trim()]),
    ) as Credentials;
    save.mutate(
      { ...trimmed, buyerEmail, ...(current && newSecret ? { newSecret: true } : {}) },
      {
        onSuccess: (saved) => {
          setNewSecret(false);
          showSuccess('Punchout saved');
          if (saved.sharedSecret) onSecret(saved.sharedSecret);
        },
      },
    );
  };
  const filled = [...Object.values(credentials), buyerEmail].every((value) => value.trim() !== '');
  return (
    <form onSubmit={submit} className="card bg-base-200/60" aria-labelledby={`${ids}-title`}>
      <div className="card-body grid gap-3 p-4 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Your procurement system
        </h2>
        {CREDENTIALS.map(({ key, ...field }) => (
          <Field
            key={key}
            id={`${ids}-${key}`}
            {...field}
            value={credentials[key]}
            onChange={(value) => setCredentials((before) => ({ ...before, [key]: value }))}
          />
        ))}
        <BuyerSelect id={`${ids}-buyer`} members={members} value={buyerEmail} onChange={setBuyerEmail} />
        {current && (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={newSecret}
              onChange={(event) => setNewSecret(event.target.checked)}
            />
            Make a new shared secret
          </label>
        )}
        <FormError message={save.error?.message} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !filled}>
            Save
          </button>
        </div>
      </div>
    </form>
  );
}
