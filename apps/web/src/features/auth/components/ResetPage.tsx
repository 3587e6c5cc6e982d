import { Link } from '@tanstack/react-router';
import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-title';
import { ResetConfirm } from './ResetConfirm';
import { ResetRequestForm } from './ResetRequestForm';

interface ResetPageProps {
  email?: string;
  token?: string;
}

/** /reset: the request form, or the confirm step when the mailed link brought token and email. */
export function ResetPage({ email, token }: ResetPageProps) {
  const { t } = useTranslation();
  const brokenLink = Boolean(email || token) && !(email && token);
  usePageTitle(email && token ? t('identity.reset.confirmTitle') : t('identity.reset.title'));

  return (
    <Flex justify="center" style={{ paddingTop: 48 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {email && token ? t('identity.reset.confirmTitle') : t('identity.reset.title')}
        </Typography.Title>
        {brokenLink && (
          <Alert type="error" showIcon title={t('identity.reset.invalidLink')} style={{ marginBottom: 16 }} />
        )}
        {email && token ? (
          <ResetConfirm email={email} token={token} />
        ) : (
          <>
            <ResetRequestForm />
            <Typography.Paragraph
              type="secondary"
              style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}
            >
              {t('identity.reset.remembered')} <Link to="/login">{t('identity.reset.toLogin')}</Link>
            </Typography.Paragraph>
          </>
        )}
      </Card>
    </Flex>
  );
}
