import { useSearchParams } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useSession } from '../../auth';
import { useMyCompanyId } from '../api/company-orders';
import { CompanyOrders } from '../components/company-orders';

/**
 * /dashboard/company-orders: a company admin's orders and approvals, until the Company page shows
 * them. The company is `?company=<id>`, else the caller's own (see useMyCompanyId).
 */
export function CompanyOrdersPage() {
  const [search] = useSearchParams();
  const named = search.get('company');
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  const mine = useMyCompanyId(email, named === null);
  const companyId = named ?? mine.data;
  if (companyId) return <CompanyOrders companyId={companyId} />;
  if (mine.isPending && named === null) return <ProgressBar />;
  if (mine.error)
    return (
      <p role="alert" className="text-error">
        {mine.error.message}
      </p>
    );
  return <p>You are in no company.</p>;
}
