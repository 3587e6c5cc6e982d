import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';

interface CopyableCodeProps {
  /** What the cell shows (a key may be shown masked while the whole key is copied). */
  text: string;
  copyLabel: string;
  onCopy: () => void;
  /** Wider text is cut with an ellipsis and shown whole in a tooltip. */
  maxWidth?: number;
}

/** A key or code in monospace with an icon button that copies it; the button is named for screen readers. */
export function CopyableCode({ text, copyLabel, onCopy, maxWidth }: CopyableCodeProps) {
  return (
    <Flex align="center" gap={4}>
      <Typography.Text code ellipsis={maxWidth ? { tooltip: text } : false} style={{ maxWidth }}>
        {text}
      </Typography.Text>
      <Tooltip title={copyLabel}>
        <Button type="text" size="small" icon={<CopyOutlined />} aria-label={copyLabel} onClick={onCopy} />
      </Tooltip>
    </Flex>
  );
}
