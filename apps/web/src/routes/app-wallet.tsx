import { createRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { WalletPage } from '../features/wallet/components/WalletPage';
import { readCodeParam } from '../features/wallet/wallet-search';
import { consoleLayoutRoute } from './console-layout';

/** /app/wallet: balance and redemption; `?code=` prefills a redemption code. */
export const appWalletRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/wallet',
  component: WalletRoute,
});

function WalletRoute() {
  const linkCode = useLocation({ select: (location) => readCodeParam(location.searchStr) });
  const navigate = useNavigate();
  return (
    <WalletPage
      linkCode={linkCode}
      onLinkCodeUsed={() => void navigate({ to: '/app/wallet', replace: true })}
    />
  );
}
