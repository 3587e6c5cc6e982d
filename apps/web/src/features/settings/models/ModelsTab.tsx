import { Flex } from 'antd';
import type { StoredOptions } from '../option-values';
import { ClaudePanel } from './ClaudePanel';
import { GeminiPanel } from './GeminiPanel';
import { GlobalPanel } from './GlobalPanel';

/** Models tab: relay-wide switches, then how Gemini and Claude calls are built (spec 000 §3). */
export function ModelsTab({ stored }: { stored: StoredOptions }) {
  return (
    <Flex vertical gap={16}>
      <GlobalPanel stored={stored} />
      <GeminiPanel stored={stored} />
      <ClaudePanel stored={stored} />
    </Flex>
  );
}
