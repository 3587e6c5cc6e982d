import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import type { EditTarget } from '../../../shared/hooks/use-record-editor';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { useMessageEditor } from '../hooks/use-message-editor';
import { messageToValues, NEW_MESSAGE_VALUES, type MessageFormValues } from '../message-form';
import { MessageFormFields } from './MessageFormFields';

interface MessageDrawerProps {
  target: EditTarget | null;
  onClose: () => void;
}

/** Send a message (with its recipients) or edit one's title, content and format. */
export function MessageDrawer({ target, onClose }: MessageDrawerProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [form] = Form.useForm<MessageFormValues>();
  const editor = useMessageEditor(target, onClose);
  const creating = target?.mode === 'create';
  const ready = creating || editor.data !== undefined;

  return (
    <FormDrawer
      open={target !== null}
      onClose={onClose}
      title={creating ? t('messages.form.createTitle') : t('messages.form.editTitle')}
      size={isPhone ? 380 : 640}
      loading={editor.isLoading || !ready}
      canSubmit={ready}
      onSubmit={() => form.submit()}
      cancelText={t('messages.form.cancel')}
      submitText={t('messages.form.submit')}
      isSaving={editor.isSaving}
    >
      {ready && (
        <Form<MessageFormValues>
          form={form}
          layout="vertical"
          initialValues={editor.data ? messageToValues(editor.data) : NEW_MESSAGE_VALUES}
          onFinish={editor.save}
          clearOnDestroy
        >
          <MessageFormFields creating={creating} />
        </Form>
      )}
    </FormDrawer>
  );
}
