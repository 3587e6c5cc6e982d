import { createRoute } from '@tanstack/react-router';
import { MePage } from '../features/me/components/MePage';
import { isMeTab, type MeTab } from '../features/me/me-tabs';
import { consoleLayoutRoute } from './console-layout';

/** /app/me: personal settings; `tab` picks the tab (bindings is where a bind callback returns). */
export const appMeRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/me',
  validateSearch: (search: Record<string, unknown>): { tab?: MeTab } =>
    isMeTab(search.tab) ? { tab: search.tab } : {},
  component: AppMeRoute,
});

function AppMeRoute() {
  const { tab } = appMeRoute.useSearch();
  const navigate = appMeRoute.useNavigate();
  return <MePage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
