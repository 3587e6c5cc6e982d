import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageFormValues } from '../message-form';
import { RichText } from '../../../shared/rich-text/RichText';
import { RecipientPicker } from './RecipientPicker';

/** Title, format, content with a live (sanitised) preview; when sending, who receives it. */
export function MessageFormFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<MessageFormValues>();
  const audience = Form.useWatch('audience', form);
  const content = Form.useWatch('content', form) ?? '';
  const format = Form.useWatch('format', form) ?? 'markdown';
  return (
    <>
      <Form.Item
        name="title"
        label={t('messages.form.title')}
        rules={[{ required: true, whitespace: true, message: t('messages.form.titleRequired') }]}
      >
        <Input placeholder={t('messages.form.titlePlaceholder')} maxLength={200} />
      </Form.Item>
      <Form.Item name="format" label={t('messages.form.format')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'markdown', label: t('messages.form.markdown') },
            { value: 'html', label: t('messages.form.html') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('messages.form.content')}
        rules={[{ required: true, whitespace: true, message: t('messages.form.contentRequired') }]}
      >
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} />
      </Form.Item>
      {content.trim() !== '' && (
        <Form.Item label={t('messages.form.preview')}>
          <div style={{ maxHeight: 240, overflow: 'auto' }}>
            <RichText className="message-content" content={content} format={format} />
          </div>
        </Form.Item>
      )}
      {creating ? (
        <>
          <Form.Item name="audience" label={t('messages.form.audience')}>
            <Radio.Group
              options={[
                { value: 'users', label: t('messages.form.chosenUsers') },
                { value: 'all', label: t('messages.form.allUsers') },
              ]}
            />
          </Form.Item>
          {audience === 'all' ? (
            <Alert type="info" showIcon title={t('messages.form.allUsersHint')} />
          ) : (
            <Form.Item
              name="user_ids"
              rules={[{ type: 'array', min: 1, message: t('messages.form.recipientsRequired') }]}
            >
              <RecipientPicker />
            </Form.Item>
          )}
        </>
      ) : (
        <Alert type="info" showIcon title={t('messages.form.recipientsLocked')} />
      )}
    </>
  );
}
