import { createRoute } from '@tanstack/react-router';
import { SetupWizard } from '../features/setup/components/SetupWizard';
import { guardSetupDone } from './guards';
import { publicLayoutRoute } from './public-layout';

export const setupRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/setup',
  beforeLoad: ({ context }) => guardSetupDone(context.queryClient),
  component: SetupWizard,
});
