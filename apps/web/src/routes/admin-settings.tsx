import { createRoute } from '@tanstack/react-router';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { isSettingsTab, type SettingsTab } from '../features/settings/settings-tabs';
import { consoleLayoutRoute } from './console-layout';

/** /admin/settings: system options; `tab` picks the tab and is written back as it changes. */
export const adminSettingsRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/admin/settings',
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab } =>
    isSettingsTab(search.tab) ? { tab: search.tab } : {},
  component: AdminSettingsRoute,
});

function AdminSettingsRoute() {
  const { tab } = adminSettingsRoute.useSearch();
  const navigate = adminSettingsRoute.useNavigate();
  return (
    <SettingsPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />
  );
}
