import { createRoute } from '@tanstack/react-router';
import { ChatFramePage } from '../features/chat/components/ChatFramePage';
import { ChatToLinkPage } from '../features/chat/components/ChatToLinkPage';
import { consoleLayoutRoute } from './console-layout';

/** /chat: the first configured chat app in a frame. */
export const chatRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/chat',
  component: () => <ChatFramePage index={0} />,
});

/** /chat/{id}: chat app number `id` (0-based, as the Chats option lists them). */
export const chatByIdRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/chat/$id',
  component: function ChatById() {
    const { id } = chatByIdRoute.useParams();
    // Anything but a whole number names no app: the page says the link is misconfigured.
    return <ChatFramePage index={/^\d+$/.test(id) ? Number(id) : -1} />;
  },
});

/** /chat2link: straight to the first chat app. */
export const chatToLinkRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/chat2link',
  component: ChatToLinkPage,
});
