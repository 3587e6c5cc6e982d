import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOAuthCallback, type OAuthCallbackParams } from '../hooks/use-oauth-callback';

/** /oauth/github, /oauth/oidc, /oauth/linuxdo: the provider sends the user back here with a code. */
export function OAuthCallbackPage(params: OAuthCallbackParams) {
  const { t } = useTranslation();
  const { error } = useOAuthCallback(params);

  return (
    <Flex justify="center" style={{ paddingTop: 96 }}>
      <Card style={{ width: '100%', maxWidth: 420, textAlign: 'center' }}>
        {error ? (
          <Alert type="error" showIcon title={error} />
        ) : (
          <Flex vertical align="center" gap={16}>
            <Spin size="large" />
            <Typography.Text>{t('identity.oauth.processing')}</Typography.Text>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
