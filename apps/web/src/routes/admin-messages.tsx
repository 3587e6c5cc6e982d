import { createRoute } from '@tanstack/react-router';
import { MessagesAdminPage } from '../features/messages/components/MessagesAdminPage';
import { consoleLayoutRoute } from './console-layout';

/** /admin/messages: message management (administrators; non-administrators are sent to / by the /admin guard). */
export const adminMessagesRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/admin/messages',
  component: MessagesAdminPage,
});
