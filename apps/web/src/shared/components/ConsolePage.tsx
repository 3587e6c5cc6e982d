import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from '../page-title';

interface ConsolePageProps {
  title: string;
  children: ReactNode;
}

/** A console screen: its heading (also the tab's title), then its cards and dialogs, one under the other. */
export function ConsolePage({ title, children }: ConsolePageProps) {
  usePageTitle(title);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}
