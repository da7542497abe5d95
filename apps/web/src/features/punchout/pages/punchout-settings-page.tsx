import type { Company } from '@shop/contract/companies';
import { useState } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useSession } from '../../auth';
import { useMyCompany } from '../../companies';
import { usePunchoutIdentity } from '../api/punchout';
import { IdentityForm } from '../components/identity-form';
import { PunchoutAddresses } from '../components/punchout-addresses';
import { ShownSecret } from '../components/shown-secret';

/**
 * Dashboard › Punchout: a company admin connects the company's procurement system (cXML or OCI),
 * whose buyers then shop here and send their lines back to it for approval.
 */
export function PunchoutSettingsPage() {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.email : '';
  const company = useMyCompany();
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-prose text-base-content/80">
        Let your company’s procurement system open the shop for your buyers: they fill the order here at your
        company’s prices, and Transfer to procurement sends the lines back to it for approval. The purchase
        order it then sends becomes an order of your company’s.
      </p>
      {company.isPending && <ProgressBar label="Loading your company" />}
      {company.isError && <p role="alert">Your company could not be loaded. {company.error.message}</p>}
      {company.data === null && (
        <p>
          Punchout is for companies:{' '}
          <Link to="/dashboard/company" className="link link-primary">
            create your company
          </Link>{' '}
          first.
        </p>
      )}
      {company.data && <ForCompany company={company.data} me={me} />}
    </div>
  );
}

function ForCompany({ company, me }: { company: Company; me: string }) {
  const isAdmin = company.members.some((member) => member.email === me && member.role === 'admin');
  if (!isAdmin) return <p>Only your company’s admins connect its procurement system.</p>;
  return <AdminSettings company={company} />;
}

function AdminSettings({ company }: { company: Company }) {
  const identity = usePunchoutIdentity(company._id);
  const [secret, setSecret] = useState<string>();
  if (identity.isPending) return <ProgressBar label="Loading your punchout" />;
  if (identity.isError)
    return <p role="alert">Your punchout cannot be shown just now. Please try again soon.</p>;
  return (
    <>
      {secret && <ShownSecret secret={secret} onDone={() => setSecret(undefined)} />}
      <IdentityForm
        key={identity.data?.secretSetAt ?? 'new'}
        companyId={company._id}
        members={company.members}
        current={identity.data}
        onSecret={setSecret}
      />
      {identity.data && <PunchoutAddresses identity={identity.data} />}
    </>
  );
}
