import { aboutRoute } from './about';
import { adminChannelsRoute } from './admin-channels';
import { adminCouponsRoute } from './admin-coupons';
import { adminMessagesRoute } from './admin-messages';
import { adminSettingsRoute } from './admin-settings';
import { adminTopUpsRoute } from './admin-topups';
import { adminUsersRoute } from './admin-users';
import { appDashboardRoute } from './app-dashboard';
import { appInboxMessageRoute, appInboxRoute } from './app-inbox';
import { appLogsRoute } from './app-logs';
import { appLogsDrawingRoute } from './app-logs-drawing';
import { appLogsTasksRoute } from './app-logs-tasks';
import { appMeRoute } from './app-me';
import { appTokensRoute } from './app-tokens';
import { appWalletRoute } from './app-wallet';
import { channelAddRoute, channelEditRoute } from './channel-editor';
import { chatByIdRoute, chatRoute, chatToLinkRoute } from './chat';
import { consoleLayoutRoute } from './console-layout';
import { homeRoute } from './home';
import { loginRoute } from './login';
import { oauthCallbackRoute } from './oauth-callback';
import { playgroundRoute } from './playground';
import { pricingRoute } from './pricing';
import { publicLayoutRoute } from './public-layout';
import { registerRoute } from './register';
import { resetRoute, userResetRoute } from './reset';
import { rootRoute } from './root';
import { setupRoute } from './setup';
import { userEditRoute, userEditSelfRoute } from './user-edit';

export const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren([
    homeRoute,
    aboutRoute,
    setupRoute,
    loginRoute,
    registerRoute,
    resetRoute,
    oauthCallbackRoute,
  ]),
  consoleLayoutRoute.addChildren([
    appTokensRoute,
    appWalletRoute,
    adminCouponsRoute,
    adminTopUpsRoute,
    adminChannelsRoute,
    channelAddRoute,
    channelEditRoute,
    appMeRoute,
    adminUsersRoute,
    appLogsRoute,
    appLogsDrawingRoute,
    appLogsTasksRoute,
    appDashboardRoute,
    appInboxRoute,
    appInboxMessageRoute,
    adminMessagesRoute,
    adminSettingsRoute,
    pricingRoute,
    playgroundRoute,
    chatRoute,
    chatByIdRoute,
    chatToLinkRoute,
  ]),
  userEditRoute,
  userEditSelfRoute,
  userResetRoute,
]);
