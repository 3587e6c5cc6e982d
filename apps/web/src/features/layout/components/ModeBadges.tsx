import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../shared/status/use-status';
import { useIsMobile } from '../hooks/use-is-mobile';

/** Self-use and demo-site badges beside the site name (spec 000 §6: "badge shown"); shorter on a phone. */
export function ModeBadges() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const isMobile = useIsMobile();
  const badges = [
    {
      mode: 'self-use',
      shown: status?.self_use_mode_enabled,
      color: 'blue',
      label: t('header.selfUseMode'),
      short: t('header.selfUseModeShort'),
    },
    {
      mode: 'demo',
      shown: status?.demo_site_enabled,
      color: 'orange',
      label: t('header.demoSite'),
      short: t('header.demoSiteShort'),
    },
  ].filter((badge) => badge.shown);

  return badges.map((badge) => (
    <Tag
      key={badge.mode}
      color={badge.color}
      data-mode-badge={badge.mode}
      title={badge.label}
      style={{ marginInlineEnd: 0, flexShrink: 0 }}
    >
      {isMobile ? badge.short : badge.label}
    </Tag>
  ));
}
