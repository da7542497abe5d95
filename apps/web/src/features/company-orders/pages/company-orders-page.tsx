import { useSearchParams } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useSession } from '../../auth';
import { useCompanyOfMyOrders } from '../api/company-orders';
import { CompanyOrders } from '../components/company-orders';

/**
 * /dashboard/company-orders: a company admin's orders and approvals, until the Company page shows
 * them. The company is `?company=<id>`, else the one the caller's latest orders were placed for.
 */
export function CompanyOrdersPage() {
  const [search] = useSearchParams();
  const named = search.get('company');
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  const mine = useCompanyOfMyOrders(email, named === null);
  const companyId = named ?? mine.data;
  if (companyId) return <CompanyOrders companyId={companyId} />;
  if (mine.isPending && named === null) return <ProgressBar />;
  return <p>Your orders name no company. Open this page from your company's page.</p>;
}
