import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionNumber, OptionSwitch } from '../components/option-fields';
import type { StoredOptions } from '../option-values';

const GLOBAL_KEYS = [
  'global.pass_through_request_enabled',
  'global.hide_upstream_error_enabled',
  'global.block_browser_extension_enabled',
  'general_setting.ping_interval_enabled',
  'general_setting.ping_interval_seconds',
] as const;

/** Relay-wide behaviour: pass-through, hidden upstream errors, blocked extensions and stream keep-alive. */
export function GlobalPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.models.global' });
  return (
    <OptionPanel title={label('title')} keys={GLOBAL_KEYS} stored={stored}>
      <OptionSwitch
        name="global.pass_through_request_enabled"
        label={label('passThrough')}
        extra={label('passThroughHint')}
      />
      <OptionSwitch
        name="global.hide_upstream_error_enabled"
        label={label('hideUpstreamError')}
        extra={label('hideUpstreamErrorHint')}
      />
      <OptionSwitch
        name="global.block_browser_extension_enabled"
        label={label('blockExtension')}
        extra={label('blockExtensionHint')}
      />
      <OptionSwitch
        name="general_setting.ping_interval_enabled"
        label={label('pingEnabled')}
        extra={label('pingEnabledHint')}
      />
      {/* Unclamped: a typed 0 stays on screen with the catalogue's "at least 1" message. */}
      <OptionNumber
        name="general_setting.ping_interval_seconds"
        label={label('pingSeconds')}
        extra={label('pingSecondsHint')}
        unit={t('settings.units.seconds')}
        clamp={false}
      />
    </OptionPanel>
  );
}
