import { Button, Divider, Drawer, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTokenEditor, type TokenEditTarget } from '../hooks/use-token-editor';
import { useTokenFormOptions } from '../hooks/use-token-form-options';
import { NEW_TOKEN_VALUES, tokenToValues, type TokenFormValues } from '../token-form';
import { TokenAccessFields } from './TokenAccessFields';
import { TokenBasicFields } from './TokenBasicFields';

interface TokenDrawerProps {
  target: TokenEditTarget | null;
  onClose: () => void;
}

/** Create (with copies) or edit a token. */
export function TokenDrawer({ target, onClose }: TokenDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TokenFormValues>();
  const { data: token, isLoading, save, isSaving } = useTokenEditor(target, onClose);
  const options = useTokenFormOptions(target !== null);
  const creating = target?.mode === 'create';
  const ready = creating || token !== undefined;

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={creating ? t('tokens.form.createTitle') : t('tokens.form.editTitle')}
      size={560}
      destroyOnHidden
      loading={isLoading || !ready}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('tokens.form.cancel')}</Button>
          <Button type="primary" loading={isSaving} disabled={!ready} onClick={() => form.submit()}>
            {t('tokens.form.submit')}
          </Button>
        </Flex>
      }
    >
      {ready && (
        <Form<TokenFormValues>
          form={form}
          layout="vertical"
          initialValues={token ? tokenToValues(token) : NEW_TOKEN_VALUES}
          onFinish={save}
          clearOnDestroy
        >
          <Divider titlePlacement="start">{t('tokens.form.sectionBasic')}</Divider>
          <TokenBasicFields creating={creating} groupOptions={options.groupOptions} />
          <Divider titlePlacement="start">{t('tokens.form.sectionAccess')}</Divider>
          <TokenAccessFields models={options.models} />
        </Form>
      )}
    </Drawer>
  );
}
