import { Flex } from 'antd';
import type { StoredOptions } from '../option-values';
import { RatioSettings } from '../ratios/RatioSettings';
import { DashboardPanel } from './DashboardPanel';
import { DrawingPanel } from './DrawingPanel';
import { GeneralPanel } from './GeneralPanel';
import { ChatsPanel, GroupPanel } from './JsonPanels';
import { LogsPanel } from './LogsPanel';
import { MonitoringPanel } from './MonitoringPanel';
import { CheckInPanel, QuotaPanel, RebatePanel } from './RewardPanels';
import { SensitiveWordsPanel } from './SensitiveWordsPanel';

/** Operation tab: the panels in spec 000 §2's order, each saving its own keys, then the ratio editors. */
export function OperationTab({ stored }: { stored: StoredOptions }) {
  return (
    <Flex vertical gap={16}>
      <GeneralPanel stored={stored} />
      <DrawingPanel stored={stored} />
      <SensitiveWordsPanel stored={stored} />
      <LogsPanel stored={stored} />
      <DashboardPanel stored={stored} />
      <MonitoringPanel stored={stored} />
      <CheckInPanel stored={stored} />
      <QuotaPanel stored={stored} />
      <RebatePanel stored={stored} />
      <ChatsPanel stored={stored} />
      <GroupPanel stored={stored} />
      <RatioSettings stored={stored} />
    </Flex>
  );
}
