import { createRoute } from '@tanstack/react-router';
import { UsersPage } from '../features/users-admin/components/UsersPage';
import { consoleLayoutRoute } from './console-layout';

/** /admin/users; `edit` opens the edit drawer of that user (where /user/edit/{id} leads). */
export const adminUsersRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/admin/users',
  validateSearch: (search: Record<string, unknown>): { edit?: number } => {
    const edit = Number(search.edit);
    return Number.isSafeInteger(edit) && edit > 0 ? { edit } : {};
  },
  component: AdminUsersRoute,
});

function AdminUsersRoute() {
  const { edit } = adminUsersRoute.useSearch();
  const navigate = adminUsersRoute.useNavigate();
  return <UsersPage editId={edit} onEditDone={() => void navigate({ search: {}, replace: true })} />;
}
