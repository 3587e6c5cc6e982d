import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import type { EditTarget } from '../../../shared/hooks/use-record-editor';
import { useRedemptionEditor } from '../hooks/use-redemption-editor';
import { NEW_REDEMPTION_VALUES, redemptionToValues, type RedemptionFormValues } from '../redemption-form';
import { RedemptionFormFields } from './RedemptionFormFields';

interface RedemptionDrawerProps {
  target: EditTarget | null;
  onClose: () => void;
  onCreated: (codes: string[]) => void;
}

/** Create a batch of codes or edit an unused one. */
export function RedemptionDrawer({ target, onClose, onCreated }: RedemptionDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RedemptionFormValues>();
  const editor = useRedemptionEditor(target, (codes) => {
    onClose();
    if (codes) onCreated(codes);
  });
  const creating = target?.mode === 'create';
  const ready = creating || editor.data !== undefined;

  return (
    <FormDrawer
      open={target !== null}
      onClose={onClose}
      title={creating ? t('redemptions.form.createTitle') : t('redemptions.form.editTitle')}
      size={520}
      loading={editor.isLoading || !ready}
      canSubmit={ready}
      onSubmit={() => form.submit()}
      cancelText={t('redemptions.form.cancel')}
      submitText={t('redemptions.form.submit')}
      isSaving={editor.isSaving}
    >
      {ready && (
        <Form<RedemptionFormValues>
          form={form}
          layout="vertical"
          initialValues={editor.data ? redemptionToValues(editor.data) : NEW_REDEMPTION_VALUES}
          onFinish={editor.save}
          clearOnDestroy
        >
          <RedemptionFormFields creating={creating} />
        </Form>
      )}
    </FormDrawer>
  );
}
