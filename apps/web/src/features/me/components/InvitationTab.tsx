import { CopyOutlined, SwapOutlined } from '@ant-design/icons';
import type { SelfUser } from '@tollgate/contracts';
import { Button, Col, Flex, Input, Row, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/format-quota';
import { useCopyText } from '../../../lib/use-copy-text';
import { useStatus } from '../../../shared/status/use-status';
import { useInvitation } from '../hooks/use-invitation';
import { AffTransferDialog } from './AffTransferDialog';

/** Invite link, invitation counts and the move of invite earnings into the balance. */
export function InvitationTab({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const copyText = useCopyText();
  const invitation = useInvitation(true);
  const [transferOpen, setTransferOpen] = useState(false);

  return (
    <Flex vertical gap={24}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Statistic title={t('me.invitation.count')} value={formatNumber(user.aff_count)} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={t('me.invitation.pending')} value={formatQuota(user.aff_quota, status)} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={t('me.invitation.history')} value={formatQuota(user.aff_history_quota, status)} />
        </Col>
      </Row>
      <div>
        <Typography.Text strong>{t('me.invitation.link')}</Typography.Text>
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input value={invitation.link} readOnly aria-label={t('me.invitation.link')} />
          <Button
            icon={<CopyOutlined />}
            disabled={!invitation.link}
            loading={invitation.isLoading}
            onClick={() => void copyText(invitation.link)}
          >
            {t('me.copy')}
          </Button>
        </Space.Compact>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('me.invitation.hint')}
        </Typography.Paragraph>
      </div>
      <div>
        <Button icon={<SwapOutlined />} onClick={() => setTransferOpen(true)}>
          {t('me.invitation.transfer')}
        </Button>
      </div>
      <AffTransferDialog
        open={transferOpen}
        available={user.aff_quota}
        submitting={invitation.isTransferring}
        onSubmit={(quota) => invitation.transfer(quota, () => setTransferOpen(false))}
        onClose={() => setTransferOpen(false)}
      />
    </Flex>
  );
}
