import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { UNREAD_BADGE_MAX } from '@tollgate/contracts';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './use-unread-count';

/** The header's bell (the inbox screens are the messages feature's): unread messages (99+ above 99, spec 001 §9), opening the inbox. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: count = 0 } = useUnreadCount();
  return (
    <Badge count={count} overflowCount={UNREAD_BADGE_MAX} size="small" offset={[-4, 4]}>
      <Button
        type="text"
        icon={<BellOutlined />}
        aria-label={t('messages.inbox.badge', { count })}
        data-unread-count={count}
        onClick={() => void navigate({ to: '/app/inbox' })}
      />
    </Badge>
  );
}
