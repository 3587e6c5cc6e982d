import type { LogItem } from '@tollgate/contracts';
import { Descriptions, Tag, Typography, type DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_QUOTA_PER_UNIT, formatQuotaExact } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';
import { firstTokenColour } from '../log-timing';
import { chargedGroupRatio, priceFormula } from '../price-formula';

type Item = NonNullable<DescriptionsProps['items']>[number];

const item = (key: string, label: string, children: ReactNode): Item => ({ key, label, children });

/** Pricing: the ratios or per-call price, and the formula that gave the row's quota. */
function pricingItems(row: LogItem, perUnit: number, money: string, t: TFunction): Item[] {
  const other = row.other;
  const formula = priceFormula(row, perUnit, t);
  if (!formula) return [];
  const perCall = other.model_price !== undefined && other.model_price >= 0;
  const groupNote = other.user_group_ratio !== undefined ? t('logs.detail.userGroupRatio') : '';
  return [
    item(
      'ratios',
      t('logs.detail.pricing'),
      perCall
        ? t('logs.detail.modelPrice', { price: other.model_price })
        : t('logs.detail.ratiosText', {
            modelRatio: other.model_ratio,
            completionRatio: other.completion_ratio ?? 1,
            groupRatio: chargedGroupRatio(other),
          }) + groupNote,
    ),
    item(
      'formula',
      t('logs.detail.formula'),
      <Typography.Text
        code
        data-testid="price-formula"
        style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}
      >
        {formula}
        {t('logs.detail.money', { money })}
      </Typography.Text>,
    ),
  ];
}

function callItems(row: LogItem, t: TFunction): Item[] {
  const other = row.other;
  const items: Item[] = [];
  if (other.frt !== undefined && other.frt > 0)
    items.push(
      item(
        'frt',
        t('logs.detail.firstToken'),
        <Tag color={firstTokenColour(other.frt)}>
          {t('logs.seconds', { value: (other.frt / 1000).toFixed(2) })}
        </Tag>,
      ),
    );
  if (other.cache_tokens || other.cache_creation_tokens) {
    const parts = [];
    if (other.cache_tokens)
      parts.push(t('logs.detail.cacheText', { read: other.cache_tokens, readRatio: other.cache_ratio ?? 1 }));
    if (other.cache_creation_tokens)
      parts.push(
        t('logs.detail.cacheWriteText', {
          write: other.cache_creation_tokens,
          writeRatio: other.cache_creation_ratio ?? 1,
        }),
      );
    items.push(item('cache', t('logs.detail.cache'), parts.join('; ')));
  }
  if (other.is_model_mapped && other.upstream_model_name)
    items.push(
      item(
        'mapping',
        t('logs.detail.mapping'),
        t('logs.detail.mappingText', { model: row.model_name, upstream: other.upstream_model_name }),
      ),
    );
  const chain = other.admin_info?.use_channel ?? [];
  if (chain.length > 1)
    items.push(
      item('retries', t('logs.detail.retries'), t('logs.detail.retriesText', { chain: chain.join(' → ') })),
    );
  if (other.reasoning_effort)
    items.push(item('reasoning', t('logs.detail.reasoning'), other.reasoning_effort));
  return items;
}

function errorItems(row: LogItem, t: TFunction): Item[] {
  const other = row.other;
  if (!other.error_type && !other.error_code) return [];
  const items = [
    item(
      'error',
      t('logs.detail.error'),
      t('logs.detail.errorText', {
        type: other.error_type ?? '-',
        code: other.error_code ?? '-',
        status: other.status_code ?? '-',
      }),
    ),
  ];
  if (other.channel_id)
    items.push(
      item('errorChannel', t('logs.detail.errorChannel'), `#${other.channel_id} ${other.channel_name ?? ''}`),
    );
  return items;
}

/** The logged conversation (only when chat content logging was on) and the row's own text. */
function contentItems(row: LogItem, t: TFunction): Item[] {
  const other = row.other;
  const text = (value: string) => (
    <Typography.Paragraph
      style={{ whiteSpace: 'pre-wrap', margin: 0 }}
      ellipsis={{ rows: 6, expandable: true }}
    >
      {value}
    </Typography.Paragraph>
  );
  const items: Item[] = [];
  if (row.content) items.push(item('content', t('logs.detail.content'), text(row.content)));
  if (other.system_prompt)
    items.push(item('system', t('logs.detail.systemPrompt'), text(other.system_prompt)));
  if (other.context) items.push(item('context', t('logs.detail.context'), text(other.context)));
  if (other.input_content) items.push(item('input', t('logs.detail.input'), text(other.input_content)));
  if (other.output_content) items.push(item('output', t('logs.detail.output'), text(other.output_content)));
  return items;
}

function traceItems(row: LogItem, t: TFunction): Item[] {
  const items: Item[] = [];
  if (row.other.request_id) items.push(item('requestId', t('logs.detail.requestId'), row.other.request_id));
  if (row.other.request_path)
    items.push(item('requestPath', t('logs.detail.requestPath'), row.other.request_path));
  if (row.ip) items.push(item('ip', t('logs.detail.ip'), row.ip));
  return items;
}

/**
 * A log row's `other` in words: how it was priced, how the call went, what failed, what was said. A phone puts each
 * label above its value.
 */
export function LogDetail({ row, vertical }: { row: LogItem; vertical: boolean }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const perUnit = status?.quota_per_unit || DEFAULT_QUOTA_PER_UNIT;
  const money = formatQuotaExact(row.quota, { quota_per_unit: perUnit, display_in_currency: true });
  const items = [
    ...pricingItems(row, perUnit, money, t),
    ...callItems(row, t),
    ...errorItems(row, t),
    ...contentItems(row, t),
    ...traceItems(row, t),
  ];
  if (items.length === 0) return <Typography.Text type="secondary">{t('logs.detail.none')}</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={items}
      layout={vertical ? 'vertical' : 'horizontal'}
      styles={vertical ? undefined : { label: { width: 140, whiteSpace: 'nowrap' } }}
    />
  );
}
