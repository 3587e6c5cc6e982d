import { Link } from '@tanstack/react-router';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../shared/status/use-status';

const DEFAULT_LOGO = '/logo.svg';

export function HeaderBrand({ showName }: { showName: boolean }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const name = status?.system_name || t('app.defaultName');

  return (
    <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
      <img
        src={status?.logo || DEFAULT_LOGO}
        alt=""
        width={28}
        height={28}
        style={{ borderRadius: 6, flexShrink: 0 }}
      />
      {showName && (
        <Typography.Text strong ellipsis style={{ fontSize: 18 }}>
          {name}
        </Typography.Text>
      )}
    </Link>
  );
}
