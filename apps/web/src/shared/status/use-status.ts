import { useQuery } from '@tanstack/react-query';
import type { StatusObject } from '@tollgate/contracts';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { readStatus } from '../../lib/storage';
import { statusQuery } from './api';

/** The server status for display; falls back to the cached copy when the server is unreachable. */
export function useStatus(): { data: StatusObject | null; isLoading: boolean } {
  const query = useQuery(statusQuery);
  return { data: query.data ?? readStatus(), isLoading: query.isLoading };
}

/** Mounted once by the root layout: loads the status and reports why it could not. */
export function useStatusLoader(): void {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const { error } = useQuery(statusQuery);

  useEffect(() => {
    if (!error) return;
    const unreachable = error instanceof ApiError && error.kind === 'network';
    void message.error(unreachable ? t('status.unreachable') : t('status.loadFailed'));
  }, [error, message, t]);
}
