import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../status/use-status';

/**
 * The optional bot check (Turnstile) of a form. A token is good for one request: `take` hands it out and
 * renews the widget; while the check still runs it tells the user to wait (spec 001 §8) and answers null.
 */
export function useBotCheck() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const [token, setToken] = useState('');
  const [generation, setGeneration] = useState(0);
  const enabled = Boolean(status?.turnstile_check && status.turnstile_site_key);

  const take = useCallback((): string | null => {
    if (!enabled) return '';
    if (!token) {
      void message.info(t('identity.botCheckPending'));
      return null;
    }
    setToken('');
    setGeneration((value) => value + 1);
    return token;
  }, [enabled, token, message, t]);

  return { enabled, siteKey: status?.turnstile_site_key ?? '', generation, setToken, take };
}
