import { createRoute } from '@tanstack/react-router';
import { InboxMessagePage } from '../features/messages/components/InboxMessagePage';
import { InboxPage } from '../features/messages/components/InboxPage';
import { consoleLayoutRoute } from './console-layout';

/** /app/inbox: the signed-in user's messages. */
export const appInboxRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/inbox',
  component: InboxPage,
});

/** /app/inbox/{id}: one message (a non-numeric id is answered like a missing one: back to the inbox). */
export const appInboxMessageRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/inbox/$id',
  component: InboxMessageRoute,
});

function InboxMessageRoute() {
  const { id } = appInboxMessageRoute.useParams();
  // Keyed by id: another message starts from its own loading state.
  return <InboxMessagePage key={id} id={Number(id)} />;
}
