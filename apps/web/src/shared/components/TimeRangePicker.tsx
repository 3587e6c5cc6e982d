import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A time range in epoch seconds. */
export interface EpochRange {
  start: number;
  end: number;
}

export interface RangePreset {
  label: string;
  range: () => EpochRange;
}

interface TimeRangePickerProps {
  /** Given by the screen, or by the Form.Item the picker sits in. */
  value?: EpochRange;
  onChange?: (range: EpochRange) => void;
  presets: RangePreset[];
  /** Pick hours and minutes too (the log filters), or whole days (the dashboard). */
  withTime?: boolean;
  ariaLabel: string;
  placeholder: [string, string];
}

const toDayjs = (seconds: number): Dayjs => dayjs(seconds * 1000);
const toSeconds = (value: Dayjs): number => Math.floor(value.valueOf() / 1000);

/**
 * A from–to picker over epoch seconds with quick ranges. Picking whole days covers them to the last second; clearing
 * is not offered, a range always applies.
 */
export function TimeRangePicker({
  value,
  onChange,
  presets,
  withTime = false,
  ariaLabel,
  placeholder,
}: TimeRangePickerProps) {
  return (
    <DatePicker.RangePicker
      aria-label={ariaLabel}
      placeholder={placeholder}
      allowClear={false}
      showTime={withTime ? { format: 'HH:mm' } : false}
      format={withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
      value={value ? [toDayjs(value.start), toDayjs(value.end)] : undefined}
      presets={presets.map((preset) => {
        const range = preset.range();
        return { label: preset.label, value: [toDayjs(range.start), toDayjs(range.end)] };
      })}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (!from || !to) return;
        onChange?.({
          start: toSeconds(withTime ? from : from.startOf('day')),
          end: toSeconds(withTime ? to : to.endOf('day')),
        });
      }}
      style={{ maxWidth: '100%' }}
    />
  );
}
