import { createRoute } from '@tanstack/react-router';
import { PlaygroundPage } from '../features/playground/components/PlaygroundPage';
import { consoleLayoutRoute } from './console-layout';

export const playgroundRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/playground',
  component: PlaygroundPage,
});
