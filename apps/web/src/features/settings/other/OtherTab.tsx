import { Flex } from 'antd';
import type { StoredOptions } from '../option-values';
import { BrandPanel } from './BrandPanel';
import { NoticePanel, PagesPanel } from './ContentPanels';
import { CustomCodePanel } from './CustomCodePanel';
import { VersionCheck } from './VersionCheck';

/** Other tab: the site's notice, look and pages, the root's custom code, and the version check (spec 000 §2). */
export function OtherTab({ stored }: { stored: StoredOptions }) {
  return (
    <Flex vertical gap={16}>
      <NoticePanel stored={stored} />
      <BrandPanel stored={stored} />
      <PagesPanel stored={stored} />
      <CustomCodePanel stored={stored} />
      <VersionCheck />
    </Flex>
  );
}
