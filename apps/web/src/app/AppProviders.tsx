import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
// The only non-English dayjs locale the console needs (month and weekday names in the date pickers).
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../i18n/i18n';
import { useThemeMode } from '../features/layout/hooks/use-theme-mode';
import { HEADER_HEIGHT } from '../shared/layout-sizes';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const { i18n } = useTranslation();
  const { mode } = useThemeMode();
  const isEnglish = normalizeLanguage(i18n.resolvedLanguage) === 'en';
  const locale = isEnglish ? enUS : zhCN;
  // Set while rendering (idempotent) so the pages rendered below already format dates in the new language.
  dayjs.locale(isEnglish ? 'en' : 'zh-cn');

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={locale}
        button={{ autoInsertSpace: false }}
        theme={{
          algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
          components: { Layout: { headerHeight: HEADER_HEIGHT, headerPadding: '0 16px' } },
        }}
      >
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
