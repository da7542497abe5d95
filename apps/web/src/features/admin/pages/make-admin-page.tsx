import type { User } from '@shop/contract/users';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { type Column, PagedTable, usePaging } from '../../../components/ui/paged-table';
import { useAccessRefusal } from '../../auth';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';

/**
 * docs/product.md §2: every user, oldest first, a page at a time; Make Admin after 'Are you sure?';
 * admins show 'Admin'.
 */
export function MakeAdminPage() {
  const paging = usePaging(USERS_PAGE_SIZE);
  const users = useUsers(paging.page);
  useAccessRefusal(users.error);
  const makeAdmin = useMakeAdmin();
  const { ask, modal } = useConfirmedAction<User>(
    makeAdmin,
    (item) => item._id,
    (user) => `Make ${user.name} (${user.email}) an admin of the shop, with every admin page.`,
  );
  const columns: Column<User>[] = [
    { header: '#', cell: (_user, index) => paging.offset + index + 1 },
    { header: 'Name', cell: (user) => user.name },
    { header: 'Email', className: 'break-all', cell: (user) => user.email },
    {
      header: 'Role',
      cell: (user) =>
        user.role === 'admin' ? (
          <span className="badge badge-success">Admin</span>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-xs"
            aria-label={`Make Admin ${user.email}`}
            onClick={() => ask(user)}
          >
            Make Admin
          </button>
        ),
    },
  ];
  return (
    <section>
      <PagedTable
        loading={users.isPending}
        rows={users.data?.rows}
        total={users.data?.total}
        paging={paging}
        columns={columns}
        rowKey={(user) => user._id}
        className="table table-zebra"
      />
      {modal}
    </section>
  );
}
