import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../status/use-status';

interface WechatDialogProps {
  open: boolean;
  /** Login and bind share the dialog; only the button text differs. */
  okText: string;
  submitting: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
}

/** Adds a cache-busting parameter so a re-fetch really loads a fresh QR code. */
function freshImageUrl(url: string, version: number): string {
  if (!url || version === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}t=${version}`;
}

/** Scan the official account's QR code, send the keyword, type the code it answers (valid three minutes). */
export function WechatDialog({ open, okText, submitting, onSubmit, onClose }: WechatDialogProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const [form] = Form.useForm<{ code: string }>();
  const [version, setVersion] = useState(0);

  return (
    <Modal
      open={open}
      title={t('identity.wechat.title')}
      okText={okText}
      cancelText={t('identity.cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={400}
    >
      <Flex vertical align="center" gap={8}>
        {status?.wechat_qrcode ? (
          <img
            src={freshImageUrl(status.wechat_qrcode, version)}
            alt={t('identity.wechat.qrAlt')}
            width={200}
            height={200}
          />
        ) : (
          <Typography.Text type="secondary">{t('identity.wechat.noQr')}</Typography.Text>
        )}
        <Button size="small" icon={<ReloadOutlined />} onClick={() => setVersion(Date.now())}>
          {t('identity.wechat.refreshQr')}
        </Button>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('identity.wechat.hint')}
        </Typography.Paragraph>
      </Flex>
      <Form form={form} layout="vertical" onFinish={({ code }) => onSubmit(code.trim())}>
        <Form.Item
          name="code"
          label={t('identity.wechat.codeLabel')}
          rules={[{ required: true, whitespace: true, message: t('identity.wechat.codeRequired') }]}
        >
          <Input placeholder={t('identity.wechat.codePlaceholder')} autoComplete="one-time-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
