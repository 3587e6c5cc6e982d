import { Button, Flex, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Form rule for an optional JSON text field: empty, or valid JSON. */
export const jsonRule = (t: TFunction): Rule => ({
  validator: (_rule, value: string | undefined) =>
    !value?.trim() || parses(value)
      ? Promise.resolve()
      : Promise.reject(new Error(t('channels.form.invalidJson'))),
});

interface JsonTextAreaProps {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  id?: string;
}

/** A JSON editor as a text area with a button that pretty-prints valid JSON (a form control). */
export function JsonTextArea({ value = '', onChange, placeholder, id }: JsonTextAreaProps) {
  const { t } = useTranslation();
  const valid = value.trim() !== '' && parses(value);
  return (
    <Flex vertical gap={4}>
      <Input.TextArea
        id={id}
        value={value}
        placeholder={placeholder}
        autoSize={{ minRows: 2, maxRows: 10 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <Flex justify="flex-end">
        <Button
          size="small"
          type="link"
          disabled={!valid}
          onClick={() => onChange?.(JSON.stringify(JSON.parse(value), null, 2))}
        >
          {t('channels.form.formatJson')}
        </Button>
      </Flex>
    </Flex>
  );
}
