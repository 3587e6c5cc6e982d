import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface ConsolePageProps {
  title: string;
  children: ReactNode;
}

/** A console screen: its heading, then its cards and dialogs, one under the other. */
export function ConsolePage({ title, children }: ConsolePageProps) {
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}
