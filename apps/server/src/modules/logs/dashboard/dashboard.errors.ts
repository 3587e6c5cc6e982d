import { errorFactory, type ErrorCatalogue } from '../../../common/errors/app-error';

export type DashboardErrorCode = 'invalid_time_range' | 'time_range_too_long';

export const DASHBOARD_ERRORS: ErrorCatalogue<DashboardErrorCode> = {
  invalid_time_range: {
    kind: 'business',
    en: 'The start time must not be later than the end time',
    zh: '开始时间不能晚于结束时间',
  },
  // Reference §10: a user's own dashboard spans at most 30 days.
  time_range_too_long: {
    kind: 'business',
    en: 'The time range must not exceed {days} days',
    zh: '时间跨度不能超过 {days} 天',
  },
};

export const dashboardError = errorFactory(DASHBOARD_ERRORS);
