import { Divider, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import type { EditTarget } from '../../../shared/hooks/use-record-editor';
import { useTokenEditor } from '../hooks/use-token-editor';
import { useTokenFormOptions } from '../hooks/use-token-form-options';
import { NEW_TOKEN_VALUES, tokenToValues, type TokenFormValues } from '../token-form';
import { TokenAccessFields } from './TokenAccessFields';
import { TokenBasicFields } from './TokenBasicFields';

interface TokenDrawerProps {
  target: EditTarget | null;
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
    <FormDrawer
      open={target !== null}
      onClose={onClose}
      title={creating ? t('tokens.form.createTitle') : t('tokens.form.editTitle')}
      size={560}
      loading={isLoading || !ready}
      canSubmit={ready}
      onSubmit={() => form.submit()}
      cancelText={t('tokens.form.cancel')}
      submitText={t('tokens.form.submit')}
      isSaving={isSaving}
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
    </FormDrawer>
  );
}
