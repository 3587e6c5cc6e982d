import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Flex, Form, Input, Select } from 'antd';
import type { ReactElement } from 'react';

/** A free-text term, a choice from a list, or free text with suggestions. */
export type FilterField<TName extends string> = { name: TName; width?: number } & (
  | { kind: 'text'; searchIcon?: boolean }
  | { kind: 'select'; options: string[]; loading?: boolean }
  | { kind: 'suggest'; options: string[] }
);

/**
 * A list's search texts, kept together in its catalogue (`<feature>.search`): each field's name (read by
 * screen readers, and its placeholder unless `<field>Placeholder` says more), the submit button and, for
 * lists that offer one, the reset button.
 */
export type FilterTexts<TName extends string> = Record<TName, string> &
  Partial<Record<`${TName}Placeholder`, string>> & { submit: string; reset?: string };

interface FilterFormProps<TName extends string> {
  fields: FilterField<TName>[];
  texts: FilterTexts<TName>;
  /** Every field's term, '' where none was given. */
  onSearch: (filters: Record<TName, string>) => void;
}

const matches = (input: string, option?: { value?: string | number | null }): boolean =>
  String(option?.value ?? '')
    .toLowerCase()
    .includes(input.toLowerCase());

// Returns the control itself (not a component wrapping it): Form.Item hands value and onChange to its child.
function filterControl<TName extends string>(
  field: FilterField<TName>,
  texts: FilterTexts<TName>,
): ReactElement {
  const label = texts[field.name];
  // Generic template-literal keys do not narrow: look the placeholder up as a plain string key.
  const placeholder = (texts as Partial<Record<string, string>>)[`${field.name}Placeholder`] ?? label;
  const style = field.width === undefined ? undefined : { width: field.width };
  switch (field.kind) {
    case 'text':
      return (
        <Input
          allowClear
          prefix={field.searchIcon ? <SearchOutlined /> : undefined}
          placeholder={placeholder}
          aria-label={label}
          style={style}
        />
      );
    case 'select':
      return (
        <Select
          allowClear
          showSearch
          placeholder={label}
          aria-label={label}
          options={field.options.map((option) => ({ value: option, label: option }))}
          loading={field.loading}
          style={style}
        />
      );
    case 'suggest':
      return (
        <AutoComplete
          allowClear
          placeholder={label}
          aria-label={label}
          options={field.options.map((option) => ({ value: option }))}
          showSearch={{ filterOption: matches }}
          style={style}
        />
      );
  }
}

/** A list's search terms in one row (wrapping on narrow screens), applied when submitted. */
export function FilterForm<TName extends string>({ fields, texts, onSearch }: FilterFormProps<TName>) {
  const [form] = Form.useForm<Partial<Record<TName, string>>>();
  // Cleared and untouched controls report undefined.
  const termsOf = (values: Partial<Record<TName, string>>) =>
    Object.fromEntries(fields.map((field) => [field.name, values[field.name] ?? ''])) as Record<
      TName,
      string
    >;
  // The search icon shows once: inside a text field that carries it, else on the submit button.
  const iconOnSubmit = !fields.some((field) => field.kind === 'text' && field.searchIcon);

  return (
    <Form form={form} layout="inline" onFinish={(values) => onSearch(termsOf(values))} style={{ rowGap: 8 }}>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name as string} style={{ marginInlineEnd: 8 }}>
          {filterControl(field, texts)}
        </Form.Item>
      ))}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={iconOnSubmit ? <SearchOutlined /> : undefined}>
          {texts.submit}
        </Button>
        {texts.reset && (
          <Button
            onClick={() => {
              form.resetFields();
              onSearch(termsOf({}));
            }}
          >
            {texts.reset}
          </Button>
        )}
      </Flex>
    </Form>
  );
}
