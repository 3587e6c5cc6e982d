import type { SelfUser } from '@tollgate/contracts';
import { Avatar, Card, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoleTag } from '../../../shared/components/RoleTag';

export function ProfileCard({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card>
      <Flex align="center" gap={16} wrap>
        <Avatar size={56} style={{ backgroundColor: token.colorPrimary, fontSize: 24 }}>
          {user.username.slice(0, 1).toUpperCase()}
        </Avatar>
        <Flex vertical gap={4}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user.display_name || user.username}
          </Typography.Title>
          <Flex gap={4} wrap align="center">
            <Typography.Text type="secondary">{user.username}</Typography.Text>
            <RoleTag role={user.role} />
            <Tag>{t('me.group', { group: user.group })}</Tag>
            <Typography.Text type="secondary">ID: {user.id}</Typography.Text>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
