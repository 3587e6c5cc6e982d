import { aboutRoute } from './about';
import { appTokensRoute } from './app-tokens';
import { consoleLayoutRoute } from './console-layout';
import { homeRoute } from './home';
import { loginRoute } from './login';
import { publicLayoutRoute } from './public-layout';
import { rootRoute } from './root';
import { setupRoute } from './setup';

export const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren([homeRoute, aboutRoute, setupRoute, loginRoute]),
  consoleLayoutRoute.addChildren([appTokensRoute]),
]);
