import { LogoutOutlined } from '@ant-design/icons';
import type { SelfUser } from '@tollgate/contracts';
import { Avatar, Button, Dropdown, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../../shared/session/use-logout';

export function UserMenu({ user, showName }: { user: SelfUser; showName: boolean }) {
  const { t } = useTranslation();
  const { logout } = useLogout();
  const { token } = theme.useToken();

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), onClick: logout }],
      }}
    >
      <Button
        type="text"
        aria-label={showName ? undefined : t('header.userMenu')}
        style={{ paddingInline: 6 }}
      >
        <Avatar size="small" aria-hidden style={{ backgroundColor: token.colorPrimary }}>
          {user.username.slice(0, 1).toUpperCase()}
        </Avatar>
        {showName && <Typography.Text>{user.username}</Typography.Text>}
      </Button>
    </Dropdown>
  );
}
