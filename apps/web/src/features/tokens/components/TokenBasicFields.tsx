import { TOKEN_COPY_SUFFIX_LENGTH, TOKEN_NAME_MAX_LENGTH, TOKEN_QUANTITY_MAX } from '@tollgate/contracts';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { QuotaInput } from '../../../shared/components/QuotaInput';
import { check } from '../../../shared/form-check';
import type { GroupOption } from '../hooks/use-token-form-options';
import { parseExpiry, type TokenFormValues } from '../token-form';
import { ExpiryInput } from './ExpiryInput';

/** Spec 001 §9: batch quantity presets. */
const QUANTITY_PRESETS = [10, 20, 30, 100] as const;
/** A copy's name is the name plus `-` and the random suffix. */
const COPY_NAME_MAX = TOKEN_NAME_MAX_LENGTH - TOKEN_COPY_SUFFIX_LENGTH - 1;

interface TokenBasicFieldsProps {
  creating: boolean;
  groupOptions: GroupOption[];
}

/** Name, group, expiry, quota and (on create) how many tokens to make. */
export function TokenBasicFields({ creating, groupOptions }: TokenBasicFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TokenFormValues>();
  const unlimited = Form.useWatch('unlimited_quota', form);

  return (
    <>
      <Form.Item
        name="name"
        label={t('tokens.form.name')}
        dependencies={['quantity']}
        rules={[
          // The server refuses a blank name too: it would list as an empty row.
          { required: true, whitespace: true, message: t('tokens.form.nameRequired') },
          ({ getFieldValue }) => ({
            // The input caps the name itself; copies need room for their suffix.
            validator: (_, value: string | undefined) =>
              check(
                !creating ||
                  Number(getFieldValue('quantity')) <= 1 ||
                  (value ?? '').trim().length <= COPY_NAME_MAX,
                t('tokens.form.nameTooLongWithCopies', { max: COPY_NAME_MAX }),
              ),
          }),
        ]}
      >
        <Input placeholder={t('tokens.form.namePlaceholder')} maxLength={TOKEN_NAME_MAX_LENGTH} showCount />
      </Form.Item>
      <Form.Item name="group" label={t('tokens.form.group')}>
        <Select allowClear options={groupOptions} placeholder={t('tokens.form.groupPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="expiry"
        label={t('tokens.form.expiry')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              check(parseExpiry(value ?? '') !== null, t('tokens.form.expiryInvalid')),
          },
        ]}
      >
        <ExpiryInput />
      </Form.Item>
      <Form.Item
        name="remain_quota"
        label={t('tokens.form.quota')}
        extra={t('tokens.form.quotaHint')}
        rules={[
          { required: !unlimited, message: t('tokens.form.quotaRequired') },
          { type: 'number', min: 0, message: t('tokens.form.quotaNegative') },
        ]}
      >
        <QuotaInput disabled={unlimited} />
      </Form.Item>
      <Form.Item name="unlimited_quota" valuePropName="checked">
        <Checkbox>{t('tokens.form.unlimitedQuota')}</Checkbox>
      </Form.Item>
      {creating && (
        <Form.Item label={t('tokens.form.quantity')} required>
          <Flex vertical gap={8}>
            <Form.Item
              name="quantity"
              noStyle
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 1,
                  max: TOKEN_QUANTITY_MAX,
                  message: t('tokens.form.quantityInvalid', { max: TOKEN_QUANTITY_MAX }),
                },
              ]}
            >
              <InputNumber<number>
                aria-label={t('tokens.form.quantity')}
                min={1}
                max={TOKEN_QUANTITY_MAX}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Flex wrap gap={8}>
              {QUANTITY_PRESETS.map((quantity) => (
                <Button key={quantity} size="small" onClick={() => form.setFieldValue('quantity', quantity)}>
                  {quantity}
                </Button>
              ))}
            </Flex>
          </Flex>
        </Form.Item>
      )}
    </>
  );
}
