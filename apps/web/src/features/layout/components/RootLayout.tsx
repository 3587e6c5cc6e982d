import { Outlet } from '@tanstack/react-router';
import { Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus, useStatusLoader } from '../../../shared/status/use-status';
import { AppHeader } from './AppHeader';

export function RootLayout() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const title = status?.system_name || t('app.defaultName');
  useStatusLoader();

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Outlet />
    </Layout>
  );
}
