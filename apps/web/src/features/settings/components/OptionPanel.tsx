import { Button, Card, Form } from 'antd';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionSaver } from '../hooks/use-option-saver';
import { changedOptions, formValues, type OptionFormValue, type StoredOptions } from '../option-values';

const StoredOptionsContext = createContext<StoredOptions | null>(null);

/** The options as stored, for fields that show more than their value (a secret's "set" state). */
export function useStoredOptions(): StoredOptions {
  const stored = useContext(StoredOptionsContext);
  if (!stored) throw new Error('useStoredOptions is used outside an OptionPanel');
  return stored;
}

interface OptionPanelProps {
  title: ReactNode;
  /** The keys this panel edits; only these are compared and saved. */
  keys: readonly string[];
  stored: StoredOptions;
  /** Form fields (option-fields.tsx), named by their option key. */
  children: ReactNode;
  /** Extra buttons beside Save (a reset, a fetch). */
  actions?: ReactNode;
  saveLabel?: string;
  /**
   * Turns the form's values into changes before the common rules run, for panels whose fields are not
   * one-to-one with options (a visual editor writing a JSON option).
   */
  toChanges?: (values: Record<string, OptionFormValue>, stored: StoredOptions) => Record<string, string>;
}

/**
 * One card of settings: its form starts from the stored values, and Save sends only what changed, in the
 * spec's order, after the same rules the server applies. After a full save the form shows the stored values.
 */
export function OptionPanel({
  title,
  keys,
  stored,
  children,
  actions,
  saveLabel,
  toChanges,
}: OptionPanelProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, OptionFormValue>>();
  const { save, isSaving } = useOptionSaver();
  // Keeps untouched fields in step with what another panel or replica stored; typed values stay.
  useEffect(() => {
    const fresh = formValues(keys, stored);
    const untouched = keys.filter((key) => !form.isFieldTouched(key));
    // setFields, not setFieldsValue: the form library marks a field set that way as touched, and a touched
    // field stops following the server (a reset right after a save would leave the old value on screen).
    form.setFields(untouched.map((key) => ({ name: key, value: fresh[key], touched: false })));
  }, [form, keys, stored]);

  const submit = async (values: Record<string, OptionFormValue>) => {
    const changes = toChanges ? toChanges(values, stored) : changedOptions(keys, stored, values);
    if (await save(changes, stored)) form.resetFields();
  };

  return (
    <Card title={title} size="small">
      <StoredOptionsContext.Provider value={stored}>
        <Form
          form={form}
          layout="vertical"
          initialValues={formValues(keys, stored)}
          onFinish={(values) => void submit(values)}
        >
          {children}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={isSaving} style={{ marginRight: 8 }}>
              {saveLabel ?? t('settings.save')}
            </Button>
            {actions}
          </Form.Item>
        </Form>
      </StoredOptionsContext.Provider>
    </Card>
  );
}
