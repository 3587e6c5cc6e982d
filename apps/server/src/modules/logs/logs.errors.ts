import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type LogErrorCode = 'invalid_time_range' | 'target_timestamp_required' | 'target_timestamp_in_future';

export const LOG_ERRORS: ErrorCatalogue<LogErrorCode> = {
  invalid_time_range: {
    kind: 'business',
    en: 'The start time must not be later than the end time',
    zh: '开始时间不能晚于结束时间',
  },
  // Spec 000 §5: clearing logs needs a chosen time.
  target_timestamp_required: {
    kind: 'business',
    en: 'Please choose the time before which logs are cleared',
    zh: '请选择要清除日志的时间',
  },
  target_timestamp_in_future: {
    kind: 'business',
    en: 'The time before which logs are cleared cannot be in the future',
    zh: '清除日志的时间不能晚于现在',
  },
};

export const logError = errorFactory(LOG_ERRORS);
