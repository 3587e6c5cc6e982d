import type { MessageFormat } from '@tollgate/contracts';
import { Button, Empty, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../shared/rich-text/RichText';

interface TextPreviewProps {
  /** The option key of the field to show, in the same panel's form. */
  name: string;
  /** The field's label, named in the dialog's title. */
  field: string;
  format: MessageFormat;
}

/** A Preview button showing a field's current text as visitors will see it (the shared renderer). */
export function TextPreview({ name, field, format }: TextPreviewProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const text = Form.useWatch<string | undefined>(name, form) ?? '';
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('settings.other.preview')}
      </Button>
      <Modal
        open={open}
        title={t('settings.other.previewTitle', { field })}
        footer={null}
        onCancel={() => setOpen(false)}
        width={720}
      >
        {text.trim() ? (
          <RichText content={text} format={format} className="settings-text-preview" />
        ) : (
          <Empty description={t('settings.other.previewEmpty')} />
        )}
      </Modal>
    </>
  );
}
