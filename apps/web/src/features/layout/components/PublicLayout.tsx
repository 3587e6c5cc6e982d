import { Outlet } from '@tanstack/react-router';
import { Layout } from 'antd';
import { useIsMobile } from '../hooks/use-is-mobile';
import { CONTENT_PADDING, MOBILE_CONTENT_PADDING } from '../../../shared/layout-sizes';
import { SiteFooter } from './SiteFooter';

export function PublicLayout() {
  const isMobile = useIsMobile();
  return (
    <>
      <Layout.Content style={{ padding: isMobile ? MOBILE_CONTENT_PADDING : CONTENT_PADDING }}>
        <Outlet />
      </Layout.Content>
      <SiteFooter />
    </>
  );
}
