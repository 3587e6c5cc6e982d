import { InputNumber } from 'antd';
import { useState } from 'react';

interface InlineNumberProps {
  value: number;
  min?: number;
  label: string;
  disabled?: boolean;
  /**
   * Called with what was typed when it differs from `value` (blur or Enter); the caller checks and saves it and
   * resolves false when it did not, so the stored value shows again.
   */
  onCommit: (value: number | null) => Promise<boolean>;
}

/** A table cell number edited in place: priority and weight of a channel or of a whole tag. */
export function InlineNumber({ value, min, label, disabled, onCommit }: InlineNumberProps) {
  const [draft, setDraft] = useState<number | null>(value);
  const [shown, setShown] = useState(value);
  // What was last handed to onCommit: Enter and the blur that may follow report it once.
  const [sent, setSent] = useState<number | null>(value);
  // A reload brings a new stored value: show it instead of the old draft.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
    setSent(value);
  }

  const commit = async (): Promise<void> => {
    if (draft === value || draft === sent) return;
    setSent(draft);
    if (!(await onCommit(draft))) {
      setDraft(value);
      setSent(value);
    }
  };

  return (
    <InputNumber
      size="small"
      style={{ width: 68 }}
      aria-label={label}
      value={draft}
      min={min}
      disabled={disabled}
      onChange={(next) => setDraft(next)}
      onBlur={() => void commit()}
      onPressEnter={() => void commit()}
    />
  );
}
