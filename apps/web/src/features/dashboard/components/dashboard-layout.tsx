import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { NavLink, Outlet, useMatches } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useIsAdmin, useSession } from '../../auth';
import { myCompanyQuery } from '../../companies';

interface DashboardLink {
  to: string;
  label: string;
  /** Only for members of a company. */
  members?: boolean;
  /** Only for a company's admins. */
  companyAdmins?: boolean;
}

/** docs/product.md §2: every user sees My Profile; buyers their orders and reviews; admins the shop's management. */
const everyone: DashboardLink[] = [{ to: '/dashboard', label: 'My Profile' }];
const buyers: DashboardLink[] = [
  { to: '/dashboard/my-order', label: 'My Order' },
  { to: '/dashboard/lists', label: 'Lists' },
  { to: '/bom', label: 'Bill of materials' },
  { to: '/dashboard/my-tools', label: 'My Tools' },
  { to: '/dashboard/my-part-numbers', label: 'My Part Numbers' },
  { to: '/dashboard/my-quotes', label: 'My Quotes' },
  { to: '/dashboard/company', label: 'Company' },
  { to: '/dashboard/prices', label: 'Our prices', members: true },
  { to: '/dashboard/api-keys', label: 'API keys' },
  { to: '/dashboard/webhooks', label: 'Webhooks' },
  { to: '/dashboard/punchout', label: 'Punchout', companyAdmins: true },
  { to: '/dashboard/add-review', label: 'Add Review' },
];
const admins: DashboardLink[] = [
  { to: '/dashboard/overview', label: 'Overview' },
  { to: '/dashboard/manage-all-order', label: 'Manage All Order' },
  { to: '/dashboard/quotes', label: 'Quotes' },
  { to: '/dashboard/companies', label: 'Companies' },
  { to: '/dashboard/tools', label: 'Tool models' },
  { to: '/dashboard/add-product', label: 'Add Product' },
  { to: '/dashboard/make-admin', label: 'Make Admin' },
  { to: '/dashboard/manage-product', label: 'Manage Product' },
  { to: '/dashboard/categories', label: 'Categories' },
  { to: '/dashboard/messages', label: 'Messages' },
  { to: '/dashboard/activity', label: 'Activity' },
];

/** The dashboard: a side drawer, open beside the page on wide screens and behind 'Open Sidebar' on phones. */
export function DashboardLayout() {
  const { loading, admin } = useIsAdmin();
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.email : '';
  const company = useQuery({ ...myCompanyQuery, enabled: !loading && !admin });
  const seat = company.data?.members.find((member) => member.email === me);
  const heading = useMatches()
    .map((match) => (match.handle as { heading?: string } | undefined)?.heading)
    .findLast((found) => found !== undefined);
  return (
    <DashboardFrame
      loading={loading}
      admin={admin}
      seat={company.data ? (seat?.role ?? 'buyer') : undefined}
      heading={heading}
    >
      <Outlet />
    </DashboardFrame>
  );
}

/** The dashboard around `page`: the page's heading at once, the page and the links once the user's role is known. */
function DashboardFrame({
  loading,
  admin,
  seat,
  heading,
  children: page,
}: {
  loading: boolean;
  admin: boolean;
  /** The buyer's seat in their company, if they belong to one (its pages are theirs too). */
  seat: 'admin' | 'buyer' | undefined;
  heading: string | undefined;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const shown = (link: DashboardLink) =>
    (!link.members || seat !== undefined) && (!link.companyAdmins || seat === 'admin');
  const links = [...everyone, ...(admin ? admins : buyers.filter(shown))];
  return (
    <div className="drawer lg:drawer-open">
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        aria-hidden="true"
        tabIndex={-1}
      />
      <div className="drawer-content min-w-0 lg:pl-6">
        <div className="mb-4 flex items-center justify-between gap-2">
          <p className="text-2xl font-bold text-secondary">Dashboard</p>
          <button
            type="button"
            className="btn btn-primary btn-sm lg:hidden"
            aria-expanded={open}
            aria-controls="dashboard-links"
            onClick={() => setOpen(true)}
          >
            Open Sidebar
          </button>
        </div>
        {heading !== undefined && <PageHeading title={heading}>{heading}</PageHeading>}
        {loading ? <ProgressBar label="Checking your role" /> : page}
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        <button
          type="button"
          aria-label="Close sidebar"
          className="drawer-overlay"
          onClick={() => setOpen(false)}
        />
        <nav
          id="dashboard-links"
          aria-label="Dashboard"
          className="min-h-full w-64 bg-base-200 p-4 lg:rounded-box"
        >
          {loading ? (
            <ProgressBar label="Checking your role" />
          ) : (
            <ul className="menu w-full gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end
                    onClick={() => setOpen(false)}
                    className={({ isActive }) => (isActive ? 'menu-active font-semibold' : '')}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </nav>
      </div>
    </div>
  );
}
