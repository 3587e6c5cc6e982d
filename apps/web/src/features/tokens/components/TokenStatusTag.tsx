import { TokenStatus, type Token } from '@tollgate/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 001 §4: enabled (optionally limited to models), disabled, expired, exhausted. */
export function TokenStatusTag({ token }: { token: Token }) {
  const { t } = useTranslation();
  switch (token.status) {
    case TokenStatus.Enabled:
      return token.model_limits_enabled ? (
        <Tooltip
          title={t('tokens.status.limitedModels', { models: token.model_limits.split(',').join(', ') })}
        >
          <Tag color="green">{t('tokens.status.enabledLimited')}</Tag>
        </Tooltip>
      ) : (
        <Tag color="green">{t('tokens.status.enabled')}</Tag>
      );
    case TokenStatus.Disabled:
      return <Tag color="red">{t('tokens.status.disabled')}</Tag>;
    case TokenStatus.Expired:
      return <Tag color="gold">{t('tokens.status.expired')}</Tag>;
    case TokenStatus.Exhausted:
      return <Tag color="default">{t('tokens.status.exhausted')}</Tag>;
    default:
      return <Tag>{t('tokens.status.unknown')}</Tag>;
  }
}
