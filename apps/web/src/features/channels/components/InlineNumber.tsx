import { InputNumber, Tooltip } from 'antd';
import { useState } from 'react';

interface InlineNumberProps {
  value: number;
  label: string;
  disabled?: boolean;
  /** The spec's message when a typed value is not allowed, else null. */
  check: (value: number | null) => string | null;
  /**
   * Called with an allowed value that differs from `value` (blur or Enter); the caller saves it and
   * resolves false when that failed, so the stored value shows again.
   */
  onCommit: (value: number) => Promise<boolean>;
}

/**
 * A table cell number edited in place: priority and weight of a channel or of a whole tag. A value that
 * is not allowed stays typed, with the reason on the field, until it is corrected.
 */
export function InlineNumber({ value, label, disabled, check, onCommit }: InlineNumberProps) {
  const [draft, setDraft] = useState<number | null>(value);
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // What was last handed to onCommit: Enter and the blur that may follow report it once.
  const [sent, setSent] = useState<number | null>(value);
  // A reload brings a new stored value: show it instead of the old draft.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
    setSent(value);
    setError(null);
  }

  const commit = async (): Promise<void> => {
    const problem = check(draft);
    setError(problem);
    if (problem !== null || draft === null || draft === value || draft === sent) return;
    setSent(draft);
    if (!(await onCommit(draft))) {
      setDraft(value);
      setSent(value);
    }
  };

  return (
    <Tooltip title={error} open={error !== null} color="red" placement="bottom">
      <InputNumber
        size="small"
        style={{ width: 68 }}
        aria-label={label}
        aria-invalid={error !== null}
        status={error === null ? undefined : 'error'}
        value={draft}
        disabled={disabled}
        onChange={(next) => {
          setDraft(next);
          setError(null);
        }}
        onBlur={() => void commit()}
        onPressEnter={() => void commit()}
      />
    </Tooltip>
  );
}
