import {
  type ModelPriceRow,
  parseAmount,
  ratiosToTokenPrices,
  tokenPricesToRatios,
} from '@tollgate/contracts';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { priceEditorMessage } from '../hooks/use-price-editor-issue';

type BillingMode = 'price' | 'ratio' | 'tokenPrice';

interface DialogValues {
  name: string;
  mode: BillingMode;
  price: string;
  ratio: string;
  completionRatio: string;
  inputPrice: string;
  outputPrice: string;
}

interface PriceRowDialogProps {
  /** The row edited; none to add a model. */
  row: ModelPriceRow | null;
  /** Names already listed, refused for a new model (模型名称已存在). */
  takenNames: readonly string[];
  onDone: (row: ModelPriceRow) => void;
  onCancel: () => void;
}

// Numbers are kept as typed text in the rows; a canonical form avoids "0.50" beside "0.5".
const canonical = (text: string): string => {
  const parsed = parseAmount(text);
  return parsed.ok && parsed.value !== null ? String(parsed.value) : '';
};

const amount = (text: string | undefined): number | null => {
  const parsed = parseAmount(text ?? '');
  return parsed.ok ? parsed.value : null;
};

function initialValues(row: ModelPriceRow | null): DialogValues {
  const ratio = amount(row?.ratio);
  const completion = amount(row?.completionRatio);
  const prices = ratio === null ? null : ratiosToTokenPrices(ratio, completion ?? 1);
  return {
    name: row?.name ?? '',
    mode: row?.price ? 'price' : 'ratio',
    price: row?.price ?? '',
    ratio: row?.ratio ?? '',
    completionRatio: row?.completionRatio ?? '',
    inputPrice: prices ? String(prices.input) : '',
    outputPrice: prices && completion !== null ? String(prices.output) : '',
  };
}

/** The row a submitted dialog describes: a price clears the ratios and ratios clear the price. */
function rowOf(values: DialogValues, before: ModelPriceRow | null): ModelPriceRow {
  const base = { name: values.name.trim(), cacheRatio: before?.cacheRatio ?? '' };
  switch (values.mode) {
    case 'price':
      return { ...base, price: canonical(values.price), ratio: '', completionRatio: '' };
    case 'ratio':
      return {
        ...base,
        price: '',
        ratio: canonical(values.ratio),
        completionRatio: canonical(values.completionRatio),
      };
    case 'tokenPrice': {
      const output = amount(values.outputPrice);
      const converted = tokenPricesToRatios(amount(values.inputPrice) ?? 0, output ?? undefined);
      // The form's rules refused an input price of 0 before this runs.
      if (!converted.ok) throw new Error(priceEditorMessage(converted.issue));
      const { ratio, completionRatio } = converted.value;
      return {
        ...base,
        price: '',
        ratio: String(ratio),
        completionRatio: completionRatio === undefined ? '' : String(completionRatio),
      };
    }
  }
}

const numeric: Rule = {
  validator: (_, value: string | undefined) =>
    parseAmount(value ?? '').ok
      ? Promise.resolve()
      : Promise.reject(new Error(priceEditorMessage('not_a_number'))),
};

// 模型价格不能为0: the completion ratio divides by the input price.
const nonZeroInput: Rule = {
  validator: (_, value: string | undefined) =>
    amount(value) === 0
      ? Promise.reject(new Error(priceEditorMessage('zero_input_price')))
      : Promise.resolve(),
};

/** Add or edit one model: a per-call price, ratios, or input/output prices per 1M tokens turned into ratios. */
export function PriceRowDialog({ row, takenNames, onDone, onCancel }: PriceRowDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DialogValues>();
  const mode = Form.useWatch('mode', form) ?? initialValues(row).mode;
  const inputPrice = amount(Form.useWatch('inputPrice', form));
  const outputPrice = amount(Form.useWatch('outputPrice', form));
  const converted = inputPrice ? tokenPricesToRatios(inputPrice, outputPrice ?? undefined) : null;

  const uniqueName: Rule = {
    validator: (_, value: string | undefined) =>
      row === null && takenNames.includes((value ?? '').trim())
        ? Promise.reject(new Error(priceEditorMessage('duplicate_model')))
        : Promise.resolve(),
  };

  return (
    <Modal
      open
      title={
        row ? t('settings.ratios.dialog.editTitle', { name: row.name }) : t('settings.ratios.dialog.addTitle')
      }
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form<DialogValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(row)}
        // Fields of the other billing modes are unmounted; read every value, not only the mounted ones.
        onFinish={() => onDone(rowOf(form.getFieldsValue(true) as DialogValues, row))}
      >
        <Form.Item
          name="name"
          label={t('settings.ratios.dialog.name')}
          rules={[
            { required: true, whitespace: true, message: t('settings.ratios.dialog.nameRequired') },
            uniqueName,
          ]}
        >
          <Input disabled={row !== null} />
        </Form.Item>
        <Form.Item name="mode" label={t('settings.ratios.dialog.mode')}>
          <Radio.Group
            options={(['price', 'ratio', 'tokenPrice'] as const).map((value) => ({
              value,
              label: t(`settings.ratios.dialog.modes.${value}`),
            }))}
          />
        </Form.Item>
        {mode === 'price' && (
          <Form.Item
            name="price"
            label={t('settings.ratios.dialog.price')}
            rules={[{ required: true, message: t('settings.ratios.dialog.priceRequired') }, numeric]}
          >
            <Input inputMode="decimal" suffix={t('settings.ratios.dialog.perRequest')} />
          </Form.Item>
        )}
        {mode === 'ratio' && (
          <>
            <Form.Item
              name="ratio"
              label={t('settings.ratios.dialog.ratio')}
              rules={[{ required: true, message: t('settings.ratios.dialog.ratioRequired') }, numeric]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="completionRatio"
              label={t('settings.ratios.dialog.completionRatio')}
              extra={t('settings.ratios.dialog.completionRatioHint')}
              rules={[numeric]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </>
        )}
        {mode === 'tokenPrice' && (
          <>
            <Form.Item
              name="inputPrice"
              label={t('settings.ratios.dialog.inputPrice')}
              rules={[
                { required: true, message: t('settings.ratios.dialog.inputPriceRequired') },
                numeric,
                nonZeroInput,
              ]}
            >
              <Input inputMode="decimal" suffix={t('settings.ratios.dialog.perMillion')} />
            </Form.Item>
            <Form.Item
              name="outputPrice"
              label={t('settings.ratios.dialog.outputPrice')}
              extra={t('settings.ratios.dialog.outputPriceHint')}
              rules={[numeric]}
            >
              <Input inputMode="decimal" suffix={t('settings.ratios.dialog.perMillion')} />
            </Form.Item>
            <Typography.Text type="secondary">
              {converted?.ok
                ? t('settings.ratios.dialog.converted', {
                    ratio: converted.value.ratio,
                    completionRatio: converted.value.completionRatio ?? 1,
                  })
                : t('settings.ratios.dialog.convertedPending')}
            </Typography.Text>
          </>
        )}
      </Form>
    </Modal>
  );
}
