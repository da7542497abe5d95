import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useIsAdmin } from '../../auth/api/check-admin';

interface DashboardLink {
  to: string;
  label: string;
}

/** SPEC.md §2: every user sees My Profile; buyers their orders and reviews; admins the shop's management. */
const everyone: DashboardLink[] = [{ to: '/dashboard', label: 'My Profile' }];
const buyers: DashboardLink[] = [
  { to: '/dashboard/my-order', label: 'My Order' },
  { to: '/dashboard/add-review', label: 'Add Review' },
];
const admins: DashboardLink[] = [
  { to: '/dashboard/overview', label: 'Overview' },
  { to: '/dashboard/manage-all-order', label: 'Manage All Order' },
  { to: '/dashboard/add-product', label: 'Add Product' },
  { to: '/dashboard/make-admin', label: 'Make Admin' },
  { to: '/dashboard/manage-product', label: 'Manage Product' },
  { to: '/dashboard/messages', label: 'Messages' },
  { to: '/dashboard/activity', label: 'Activity' },
];

/** The dashboard: a side drawer, open beside the page on wide screens and behind 'Open Sidebar' on phones. */
export function DashboardLayout() {
  const { loading, admin } = useIsAdmin();
  const [open, setOpen] = useState(false);
  const links = [...everyone, ...(admin ? admins : buyers)];
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
      {/* At least a screen high: while the role and the page load, the footer stays below the
          first screen instead of showing there and being pushed away when the page arrives. */}
      <div className="drawer-content min-h-screen min-w-0 lg:pl-6">
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
        {loading ? <ProgressBar label="Checking your role" /> : <Outlet />}
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
