import { Grid } from 'antd';

/** Below antd's `sm` breakpoint (576 px): lists switch to their phone layout. */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  // Before the first measurement every breakpoint is undefined: keep the desktop layout until then.
  return screens.sm === false;
}
