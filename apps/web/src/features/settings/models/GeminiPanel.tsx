import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionJson, OptionNumber, OptionSwitch } from '../components/option-fields';
import type { StoredOptions } from '../option-values';

const GEMINI_KEYS = [
  'gemini.safety_settings',
  'gemini.version_settings',
  'gemini.supported_imagine_models',
  'gemini.thinking_adapter_enabled',
  'gemini.thinking_adapter_budget_tokens_percentage',
  'gemini.models_supported_thinking_budget',
] as const;

// Examples in the shape established gateways show beside these editors.
const SAFETY_EXAMPLE = '{\n  "default": "OFF",\n  "HARM_CATEGORY_CIVIC_INTEGRITY": "BLOCK_NONE"\n}';
const VERSION_EXAMPLE = '{\n  "default": "v1beta",\n  "gemini-1.0-pro": "v1"\n}';
const IMAGINE_EXAMPLE = '[\n  "gemini-2.0-flash-exp-image-generation"\n]';
const BUDGET_MODELS_EXAMPLE = '[\n  "gemini-2.5-flash-preview-05-20",\n  "gemini-2.5-pro-preview-06-05"\n]';

/** How Gemini calls are built: safety thresholds, API versions, image output and the thinking adapter. */
export function GeminiPanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.models.gemini' });
  return (
    <OptionPanel title={label('title')} keys={GEMINI_KEYS} stored={stored}>
      <OptionJson
        name="gemini.safety_settings"
        label={label('safety')}
        extra={label('safetyHint')}
        placeholder={SAFETY_EXAMPLE}
        pretty
      />
      <OptionJson
        name="gemini.version_settings"
        label={label('version')}
        extra={label('versionHint')}
        placeholder={VERSION_EXAMPLE}
        pretty
      />
      <OptionJson
        name="gemini.supported_imagine_models"
        label={label('imagine')}
        extra={label('imagineHint')}
        placeholder={IMAGINE_EXAMPLE}
        pretty
      />
      <OptionSwitch
        name="gemini.thinking_adapter_enabled"
        label={label('thinkingAdapter')}
        extra={label('thinkingAdapterHint')}
      />
      {/* Unclamped: an out-of-range share stays as typed with the catalogue's 0.1–1 message. */}
      <OptionNumber
        name="gemini.thinking_adapter_budget_tokens_percentage"
        label={label('budget')}
        extra={label('budgetHint')}
        step={0.1}
        clamp={false}
      />
      <OptionJson
        name="gemini.models_supported_thinking_budget"
        label={label('budgetModels')}
        extra={label('budgetModelsHint')}
        placeholder={BUDGET_MODELS_EXAMPLE}
        pretty
      />
    </OptionPanel>
  );
}
