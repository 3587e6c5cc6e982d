import { createRoute, redirect } from '@tanstack/react-router';
import { isAdmin } from '@tollgate/contracts';
import type { ReactElement } from 'react';
import { ChannelsPage } from '../features/channels/components/ChannelsPage';
import { readUser } from '../lib/storage';
import { consoleLayoutRoute } from './console-layout';

// /channel/* is not under /admin, yet channels are administrators' business (spec 001 §6).
const adminOnly = (): void => {
  const user = readUser();
  if (user && !isAdmin(user.role)) redirect({ to: '/', replace: true, throw: true });
};

/** /channel/add: the channel list with the add drawer open. */
export const channelAddRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/channel/add',
  beforeLoad: adminOnly,
  component: () => <ChannelsPage initialEditor={{ kind: 'add' }} />,
});

/** /channel/edit/{id}: the channel list with the edit drawer of that channel open. */
export const channelEditRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/channel/edit/$id',
  beforeLoad: adminOnly,
  component: ChannelEditRoute,
});

// The explicit return type keeps the route's type from depending on itself.
function ChannelEditRoute(): ReactElement {
  const { id } = channelEditRoute.useParams();
  return <ChannelsPage initialEditor={{ kind: 'edit', id: Number(id) }} />;
}
