import { Alert, Button, Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteByName } from '../hooks/use-delete-by-name';

interface DeleteByNameModalProps {
  open: boolean;
  onClose: () => void;
}

/** Spec 001 §2: counts the codes of a name first, then deletes them after a second confirmation. */
export function DeleteByNameModal({ open, onClose }: DeleteByNameModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const byName = useDeleteByName(onClose);
  const close = (): void => {
    byName.reset();
    onClose();
  };
  const counted = byName.data;

  return (
    <Modal
      open={open}
      title={t('redemptions.deleteByName.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{t('redemptions.deleteByName.cancel')}</Button>
          {counted && counted.count > 0 ? (
            <Button type="primary" danger loading={byName.isLoading} onClick={byName.remove}>
              {t('redemptions.deleteByName.confirm')}
            </Button>
          ) : (
            <Button type="primary" loading={byName.isLoading} onClick={() => form.submit()}>
              {t('redemptions.deleteByName.count')}
            </Button>
          )}
        </Flex>
      }
    >
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        onFinish={({ name }) => byName.count(name)}
        clearOnDestroy
        // A changed name has not been counted yet.
        onValuesChange={byName.reset}
      >
        <Form.Item
          name="name"
          label={t('redemptions.deleteByName.name')}
          rules={[{ required: true, whitespace: true, message: t('redemptions.deleteByName.nameRequired') }]}
        >
          <Input placeholder={t('redemptions.deleteByName.namePlaceholder')} />
        </Form.Item>
      </Form>
      {counted && (
        <Alert
          type={counted.count > 0 ? 'warning' : 'info'}
          showIcon
          title={
            counted.count > 0
              ? t('redemptions.deleteByName.found', { ...counted })
              : t('redemptions.deleteByName.none', { name: counted.name })
          }
        />
      )}
    </Modal>
  );
}
