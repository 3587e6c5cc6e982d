import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionSwitch } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { FieldGrid } from './FieldGrid';

const DRAWING_KEYS = [
  'DrawingEnabled',
  'TaskEnabled',
  'MjNotifyEnabled',
  'MjAccountFilterEnabled',
  'MjForwardUrlEnabled',
  'MjModeClearEnabled',
  'MjActionCheckSuccessEnabled',
] as const;

/** Drawing and task switches, and how Midjourney submissions are passed on (reference §7). */
export function DrawingPanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.drawing' });
  return (
    <OptionPanel title={label('title')} keys={DRAWING_KEYS} stored={stored}>
      <FieldGrid>
        <OptionSwitch
          name="DrawingEnabled"
          label={label('drawingEnabled')}
          extra={label('drawingEnabledHint')}
        />
        <OptionSwitch name="TaskEnabled" label={label('taskEnabled')} extra={label('taskEnabledHint')} />
        <OptionSwitch name="MjNotifyEnabled" label={label('notify')} extra={label('notifyHint')} />
        <OptionSwitch name="MjAccountFilterEnabled" label={label('accountFilter')} />
        <OptionSwitch
          name="MjForwardUrlEnabled"
          label={label('forwardUrl')}
          extra={label('forwardUrlHint')}
        />
        <OptionSwitch name="MjModeClearEnabled" label={label('modeClear')} />
        <OptionSwitch name="MjActionCheckSuccessEnabled" label={label('actionCheckSuccess')} />
      </FieldGrid>
    </OptionPanel>
  );
}
