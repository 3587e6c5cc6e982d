import { Button, Drawer, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRedemptionEditor, type RedemptionEditTarget } from '../hooks/use-redemption-editor';
import { NEW_REDEMPTION_VALUES, redemptionToValues, type RedemptionFormValues } from '../redemption-form';
import { RedemptionFormFields } from './RedemptionFormFields';

interface RedemptionDrawerProps {
  target: RedemptionEditTarget | null;
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
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={creating ? t('redemptions.form.createTitle') : t('redemptions.form.editTitle')}
      size={520}
      destroyOnHidden
      loading={editor.isLoading || !ready}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('redemptions.form.cancel')}</Button>
          <Button type="primary" loading={editor.isSaving} disabled={!ready} onClick={() => form.submit()}>
            {t('redemptions.form.submit')}
          </Button>
        </Flex>
      }
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
    </Drawer>
  );
}
