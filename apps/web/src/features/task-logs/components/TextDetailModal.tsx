import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A long text of a row (prompt, prompt_en, fail reason) and what it is. */
export interface TextDetail {
  title: string;
  text: string;
}

interface TextDetailModalProps {
  detail: TextDetail | null;
  onClose: () => void;
}

/** Spec 001 §2: a task's long texts are read whole in a dialog, where they can be copied. */
export function TextDetailModal({ detail, onClose }: TextDetailModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={detail !== null}
      title={detail?.title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      aria-label={detail?.title}
    >
      <Typography.Paragraph
        copyable={
          detail ? { text: detail.text, tooltips: [t('taskLogs.dialog.copy'), t('clipboard.copied')] } : false
        }
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginBottom: 0 }}
      >
        {detail?.text}
      </Typography.Paragraph>
    </Modal>
  );
}
