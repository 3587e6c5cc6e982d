import { useNavigate } from '@tanstack/react-router';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AFTER_LOGIN } from '../../../shared/session/after-login';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { useStatus } from '../../../shared/status/use-status';

/** The built-in home page, shown while the root has written none. */
export function DefaultHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { data: status } = useStatus();
  const name = status?.system_name || t('app.defaultName');

  return (
    <Flex vertical align="center" gap={16} style={{ paddingTop: 96, textAlign: 'center' }}>
      <Typography.Title style={{ margin: 0 }}>{t('home.welcome', { name })}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 560, fontSize: 16 }}>
        {t('home.description')}
      </Typography.Paragraph>
      <Flex gap={12} wrap justify="center">
        {user ? (
          <Button type="primary" size="large" onClick={() => void navigate({ to: DEFAULT_AFTER_LOGIN })}>
            {t('home.console')}
          </Button>
        ) : (
          <>
            <Button type="primary" size="large" onClick={() => void navigate({ to: '/login' })}>
              {t('home.login')}
            </Button>
            {/* Self-use mode hides registration (spec §6). */}
            {!status?.self_use_mode_enabled && (
              <Button size="large" onClick={() => void navigate({ to: '/register' })}>
                {t('home.register')}
              </Button>
            )}
          </>
        )}
        <Button size="large" onClick={() => void navigate({ to: '/pricing' })}>
          {t('home.pricing')}
        </Button>
        <Button size="large" onClick={() => void navigate({ to: '/about' })}>
          {t('home.about')}
        </Button>
      </Flex>
    </Flex>
  );
}
