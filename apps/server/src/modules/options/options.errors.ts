import { OPTION_ISSUE_MESSAGES, type OptionIssue } from '@tollgate/contracts';
import { AppError } from '../../common/errors/app-error';

/** Option validation lives in contracts (the console checks the same rules); its messages become our errors. */
export function optionError(issue: OptionIssue): AppError {
  return new AppError({ kind: 'business', ...OPTION_ISSUE_MESSAGES[issue.code] }, issue.code, issue.params);
}
