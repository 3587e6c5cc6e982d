import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';

interface CopyableCodeProps {
  /** What the cell shows (a key may be shown masked while the whole key is copied). */
  text: string;
  copyLabel: string;
  onCopy: () => void;
}

/** A key or code in monospace with an icon button that copies it; the button is named for screen readers. */
export function CopyableCode({ text, copyLabel, onCopy }: CopyableCodeProps) {
  return (
    <Flex align="center" gap={4}>
      <Typography.Text code>{text}</Typography.Text>
      <Tooltip title={copyLabel}>
        <Button type="text" size="small" icon={<CopyOutlined />} aria-label={copyLabel} onClick={onCopy} />
      </Tooltip>
    </Flex>
  );
}
