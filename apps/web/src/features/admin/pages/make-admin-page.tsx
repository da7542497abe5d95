import type { User } from '@shop/contract/users';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useAccessRefusal } from '../../auth/use-access-refusal';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';

/** SPEC.md §2: every user; Make Admin after 'Are you sure?'; admins show 'Admin'. */
export function MakeAdminPage() {
  const users = useUsers();
  useAccessRefusal(users.error);
  const makeAdmin = useMakeAdmin();
  const { ask, modal } = useConfirmedAction<User>(makeAdmin, (item) => item._id);
  return (
    <section>
      {users.isPending && <ProgressBar />}
      {users.data && (
        <div className="overflow-x-auto">
          <table className="table table-zebra">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user, index) => (
                <tr key={user._id}>
                  <td>{index + 1}</td>
                  <td>{user.name}</td>
                  <td className="break-all">{user.email}</td>
                  <td>
                    {user.role === 'admin' ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {modal}
    </section>
  );
}
