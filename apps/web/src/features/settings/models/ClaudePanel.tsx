import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionJson, OptionNumber, OptionSwitch } from '../components/option-fields';
import type { StoredOptions } from '../option-values';

const CLAUDE_KEYS = [
  'claude.model_headers_settings',
  'claude.thinking_adapter_enabled',
  'claude.default_max_tokens',
  'claude.thinking_adapter_budget_tokens_percentage',
] as const;

// Examples in the shape established gateways show beside these editors.
const HEADERS_EXAMPLE =
  '{\n  "claude-3-7-sonnet-20250219-thinking": {\n    "anthropic-beta": ["output-128k-2025-02-19"]\n  }\n}';
const MAX_TOKENS_EXAMPLE =
  '{\n  "default": 8192,\n  "claude-3-haiku-20240307": 4096,\n  "claude-3-7-sonnet-20250219-thinking": 64000\n}';

/** How Claude calls are built: headers per model, max_tokens when omitted, and the thinking adapter. */
export function ClaudePanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.models.claude' });
  return (
    <OptionPanel title={label('title')} keys={CLAUDE_KEYS} stored={stored}>
      <OptionJson
        name="claude.model_headers_settings"
        label={label('headers')}
        extra={label('headersHint')}
        placeholder={HEADERS_EXAMPLE}
        pretty
      />
      <OptionSwitch
        name="claude.thinking_adapter_enabled"
        label={label('thinkingAdapter')}
        extra={label('thinkingAdapterHint')}
      />
      <OptionJson
        name="claude.default_max_tokens"
        label={label('maxTokens')}
        extra={label('maxTokensHint')}
        placeholder={MAX_TOKENS_EXAMPLE}
        pretty
      />
      {/* Unclamped: an out-of-range share stays as typed with the catalogue's 0.1–1 message. */}
      <OptionNumber
        name="claude.thinking_adapter_budget_tokens_percentage"
        label={label('budget')}
        extra={label('budgetHint')}
        step={0.1}
        clamp={false}
      />
    </OptionPanel>
  );
}
