import { ChannelType, channelTypeInfo } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { supportsSeveralKeys } from '../channel-form';

/** How the drawer presents the type-dependent inputs (spec §9: types with special input). */
export interface TypeFields {
  baseUrlPlaceholder: string;
  /** Endpoints to pick from (VolcEngine regions); free text is still allowed. */
  baseUrlOptions: string[];
  /** null: the type does not use `other`. */
  other: { label: string; placeholder: string } | null;
  keyPlaceholder: string;
  keyLinesPlaceholder: string;
  /** Vertex AI: the key is a service-account JSON, one per channel. */
  jsonKey: boolean;
  severalKeys: boolean;
  notice: string | null;
}

const VOLCENGINE_ENDPOINTS = ['https://ark.cn-beijing.volces.com', 'https://ark.ap-southeast.bytepluses.com'];
const DIFY = 37;
const KNOWLEDGE_BASE = 21;
const CLOUDFLARE = 39;
const SILICONFLOW = 40;
const VOLCENGINE = 45;
const ALI = 17;

export function useTypeFields(type: number): TypeFields {
  const { t } = useTranslation();
  const info = channelTypeInfo(type);
  const defaultUrl = info?.defaultBaseUrl ?? '';
  const otherDefault = info?.otherDefault ?? '';

  const baseUrlPlaceholders: Partial<Record<number, string>> = {
    [ChannelType.Azure]: t('channels.form.baseUrlAzure'),
    [ChannelType.Custom]: t('channels.form.baseUrlCustom'),
    [ChannelType.Suno]: t('channels.form.baseUrlSuno'),
  };
  const others: Partial<Record<number, TypeFields['other']>> = {
    [ChannelType.Azure]: {
      label: t('channels.form.otherAzure'),
      placeholder: t('channels.form.otherAzurePlaceholder', { value: otherDefault }),
    },
    [ChannelType.Spark]: {
      label: t('channels.form.otherSpark'),
      placeholder: t('channels.form.otherSparkPlaceholder', { value: otherDefault }),
    },
    [KNOWLEDGE_BASE]: {
      label: t('channels.form.otherKnowledgeBase'),
      placeholder: t('channels.form.otherKnowledgeBasePlaceholder'),
    },
    [ChannelType.VertexAi]: {
      label: t('channels.form.otherVertex'),
      placeholder: t('channels.form.otherVertexPlaceholder'),
    },
    [CLOUDFLARE]: {
      label: t('channels.form.otherCloudflare'),
      placeholder: t('channels.form.otherCloudflarePlaceholder'),
    },
    [ChannelType.Gemini]: {
      label: t('channels.form.otherGemini'),
      placeholder: t('channels.form.otherGeminiPlaceholder'),
    },
    [ALI]: { label: t('channels.form.otherAli'), placeholder: t('channels.form.otherAliPlaceholder') },
  };
  const notices: Partial<Record<number, string>> = {
    [ChannelType.Azure]: t('channels.form.azureNotice'),
    [DIFY]: t('channels.form.difyNotice'),
    [SILICONFLOW]: t('channels.form.siliconflowNotice'),
    [VOLCENGINE]: t('channels.form.volcengineNotice'),
  };

  const jsonKey = type === ChannelType.VertexAi;
  const format = info?.keyFormat ?? '';
  // The catalogue's format hint is the placeholder (e.g. APPID|APISecret|APIKey).
  const keyPlaceholder = jsonKey
    ? t('channels.form.keyVertex')
    : format
      ? t('channels.form.keyFormat', { format })
      : t('channels.form.keyPlaceholder');
  const keyLinesPlaceholder = format
    ? t('channels.form.keyLinesFormat', { format })
    : t('channels.form.keyLinesPlaceholder');

  return {
    baseUrlPlaceholder:
      baseUrlPlaceholders[type] ??
      (defaultUrl
        ? t('channels.form.baseUrlDefault', { url: defaultUrl })
        : t('channels.form.baseUrlRequired')),
    baseUrlOptions: type === VOLCENGINE ? VOLCENGINE_ENDPOINTS : [],
    other: others[type] ?? null,
    keyPlaceholder,
    keyLinesPlaceholder,
    jsonKey,
    severalKeys: supportsSeveralKeys(type),
    notice: notices[type] ?? null,
  };
}
