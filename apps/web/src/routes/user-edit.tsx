import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

/** /user/edit/{id}: the spec's address of the admin edit form, shown as the drawer on /admin/users. */
export const userEditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/edit/$id',
  beforeLoad: ({ params }) => {
    const id = Number(params.id);
    redirect({
      to: '/admin/users',
      search: Number.isSafeInteger(id) && id > 0 ? { edit: id } : {},
      replace: true,
      throw: true,
    });
  },
});

/** /user/edit: editing one's own account lives in the personal settings. */
export const userEditSelfRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/edit',
  beforeLoad: () => redirect({ to: '/app/me', replace: true, throw: true }),
});
