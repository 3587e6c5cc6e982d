import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';

interface CreatedCodesModalProps {
  codes: string[] | null;
  onClose: () => void;
}

/** The codes of a new batch, one per line, with copy-all. */
export function CreatedCodesModal({ codes, onClose }: CreatedCodesModalProps) {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const text = (codes ?? []).join('\n');

  return (
    <Modal
      open={codes !== null}
      title={t('redemptions.created.title')}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('redemptions.created.close')}</Button>
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copyText(text)}>
            {t('redemptions.created.copyAll')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>
        {t('redemptions.created.description', { count: codes?.length ?? 0 })}
      </Typography.Paragraph>
      <ul
        aria-label={t('redemptions.created.title')}
        style={{ maxHeight: 320, overflowY: 'auto', paddingInlineStart: 20 }}
      >
        {codes?.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
