import { createRoute } from '@tanstack/react-router';
import { ChannelsPage } from '../features/channels/components/ChannelsPage';
import { consoleLayoutRoute } from './console-layout';

/** /admin/channels: channel management (administrators; guarded by the /admin prefix). */
export const adminChannelsRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/admin/channels',
  component: ChannelsPage,
});
