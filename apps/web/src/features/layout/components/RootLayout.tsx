import { Outlet } from '@tanstack/react-router';
import { Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentPageTitle } from '../../../shared/page-title';
import { useStatus, useStatusLoader } from '../../../shared/status/use-status';
import { AppHeader } from './AppHeader';

export function RootLayout() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const systemName = status?.system_name || t('app.defaultName');
  const pageName = useCurrentPageTitle();
  useStatusLoader();

  useEffect(() => {
    document.title = pageName ? `${pageName} · ${systemName}` : systemName;
  }, [pageName, systemName]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Outlet />
    </Layout>
  );
}
