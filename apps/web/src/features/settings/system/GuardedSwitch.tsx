import type { OptionKey } from '@tollgate/contracts';
import { Form, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useFieldLabel } from './field-labels';
import { useRequirementRule } from './requirement-rule';

interface GuardedSwitchProps {
  name: OptionKey;
  extra?: ReactNode;
  /** Called when the admin switches it off (a confirmation that may switch it back). */
  onTurnOff?: () => void;
}

/** A switch labelled by its option that refuses to turn on before the options it needs are stored. */
export function GuardedSwitch({ name, extra, onTurnOff }: GuardedSwitchProps) {
  const label = useFieldLabel();
  const rule = useRequirementRule(name);
  return (
    <Form.Item name={name} label={label(name)} extra={extra} valuePropName="checked" rules={[rule]}>
      <Switch onChange={(checked) => !checked && onTurnOff?.()} />
    </Form.Item>
  );
}
