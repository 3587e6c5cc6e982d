import { modelsSettingsEn, modelsSettingsZh } from './models/i18n';
import { operationSettingsEn, operationSettingsZh } from './operation/i18n';
import { otherSettingsEn, otherSettingsZh } from './other/i18n';
import { rateLimitSettingsEn, rateLimitSettingsZh } from './ratelimit/i18n';
import { ratioSettingsEn, ratioSettingsZh } from './ratios/i18n';
import { systemSettingsEn, systemSettingsZh } from './system/i18n';

/** Strings of /admin/settings: the frame here, each tab's in its own folder. */
export const settingsZh = {
  title: '系统设置',
  tabs: {
    operation: '运营设置',
    ratelimit: '速率限制',
    models: '模型设置',
    system: '系统设置',
    other: '其他设置',
  },
  save: '保存',
  saved: '保存成功',
  partlySaved: '部分保存失败，请重试',
  saveFailed: '保存失败，请重试',
  secretSet: '已设置，留空则不修改',
  secretUnset: '未设置',
  units: {
    seconds: '秒',
    minutes: '分钟',
    times: '次',
    days: '天',
  },
  operation: operationSettingsZh,
  rateLimit: rateLimitSettingsZh,
  ratios: ratioSettingsZh,
  system: systemSettingsZh,
  models: modelsSettingsZh,
  other: otherSettingsZh,
};

export const settingsEn: typeof settingsZh = {
  title: 'Settings',
  tabs: {
    operation: 'Operation',
    ratelimit: 'Rate limits',
    models: 'Models',
    system: 'System',
    other: 'Other',
  },
  save: 'Save',
  saved: 'Saved',
  partlySaved: 'Some settings were not saved, please try again',
  saveFailed: 'Saving failed, please try again',
  secretSet: 'Set; leave blank to keep it',
  secretUnset: 'Not set',
  units: {
    seconds: 's',
    minutes: 'min',
    times: 'times',
    days: 'days',
  },
  operation: operationSettingsEn,
  rateLimit: rateLimitSettingsEn,
  ratios: ratioSettingsEn,
  system: systemSettingsEn,
  models: modelsSettingsEn,
  other: otherSettingsEn,
};
