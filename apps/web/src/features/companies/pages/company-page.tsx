import type { Company } from '@shop/contract/companies';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ResendVerification } from '../../accounts';
import { useSession } from '../../auth';
import { useProfile } from '../../profile';
import { useMyCompany } from '../api/companies';
import { CreateCompanyForm } from '../components/create-company-form';
import { InviteForm } from '../components/invite-form';
import { MembersTable } from '../components/members-table';
import { PendingInvitations } from '../components/pending-invitations';
import { TERMS_LABEL } from '../labels';

/**
 * What the page shows below the company: its orders and the approvals (features/company-orders
 * mounts `CompanyOrders` here). Given the company and whether the reader is one of its admins.
 */
export type CompanyOrdersSlot = (company: Company, isCompanyAdmin: boolean) => ReactNode;

/**
 * Company (buyers): without a company, a form to create one; with one, its details, members and
 * their limits, and for its admins the invitations; then the company's orders (`orders`).
 */
export function CompanyPage({ orders }: { orders?: CompanyOrdersSlot } = {}) {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.email : '';
  const company = useMyCompany();
  if (company.isPending) return <ProgressBar />;
  if (company.isError) return <p role="alert">Your company could not be loaded. {company.error.message}</p>;
  if (!company.data) return <NoCompany email={me} />;
  const mine = company.data;
  const isAdmin = mine.members.some((member) => member.email === me && member.role === 'admin');
  return (
    <div className="flex flex-col gap-6">
      <CompanyDetails company={mine} isAdmin={isAdmin} />
      <MembersTable company={mine} manage={isAdmin} me={me} />
      {isAdmin && (
        <>
          <InviteForm companyId={mine._id} />
          <PendingInvitations companyId={mine._id} />
        </>
      )}
      {/* The company's orders and Approvals: mounted by the app (features/company-orders). */}
      {orders && (
        <section aria-label="Company orders" data-slot="company-orders" className="flex flex-col gap-4">
          {orders(mine, isAdmin)}
        </section>
      )}
    </div>
  );
}

function CompanyDetails({ company, isAdmin }: { company: Company; isAdmin: boolean }) {
  return (
    <section aria-labelledby="company-name" className="card bg-base-100 shadow">
      <div className="card-body gap-2">
        <h2 id="company-name" className="card-title break-words">
          {company.name}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">VAT id</dt>
          <dd className="break-all">{company.vatId ?? '—'}</dd>
          <dt className="font-medium">Payment terms</dt>
          <dd>{TERMS_LABEL[company.paymentTerms]}</dd>
          <dt className="font-medium">Your role</dt>
          <dd>{isAdmin ? 'Admin' : 'Buyer'}</dd>
        </dl>
        <p>
          <Link to="/dashboard/prices" className="link link-primary">
            Our prices
          </Link>
          <span className="text-sm text-base-content/70">
            : the contract prices the shop agreed with the company
          </span>
        </p>
        {company.paymentTerms === 'card' && (
          <p className="text-sm text-base-content/70">
            To pay by invoice with 30 days to pay, ask the shop through{' '}
            <Link to="/" className="link link-primary">
              Contact Us on the home page
            </Link>
            .
          </p>
        )}
      </div>
    </section>
  );
}

/** No company yet: the form to create one, or first a word on verifying the email. */
function NoCompany({ email }: { email: string }) {
  const profile = useProfile(email);
  if (profile.data && !profile.data.emailVerified)
    return (
      <section className="flex max-w-lg flex-col gap-3">
        <p>
          You belong to no company yet. To create one, or to join one you are invited to, verify your email
          address first: open the link we mailed you.
        </p>
        <ResendVerification />
      </section>
    );
  return (
    <div className="flex flex-col gap-4">
      <p>You belong to no company yet. Create one, or open the invitation link a colleague mailed you.</p>
      <CreateCompanyForm />
    </div>
  );
}
