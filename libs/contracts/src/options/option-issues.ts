/** Every reason an option write (or an option form) can be refused; messages live in option-messages.ts. */
export const OPTION_ISSUE_CODES = [
  'unknown_option',
  'not_boolean',
  'not_integer',
  'not_number',
  'below_minimum',
  'not_greater_than',
  'above_maximum',
  'not_one_of',
  'rebate_percentage_out_of_range',
  'invalid_json',
  'json_not_object',
  'json_not_array',
  'json_invalid_ratio',
  'json_invalid_string_value',
  'json_invalid_integer_value',
  'json_invalid_list_item',
  'json_invalid_chat_link',
  'invalid_url',
  'invalid_well_known_url',
  'invalid_domain',
  'duplicate_domain',
  'requires_option',
  'fallback_pricing_conflict',
  'nothing_changed',
] as const;

export type OptionIssueCode = (typeof OPTION_ISSUE_CODES)[number];

export interface OptionIssue {
  code: OptionIssueCode;
  /** Values for the `{placeholders}` of the code's message. */
  params?: Record<string, string | number>;
}

export const optionIssue = (code: OptionIssueCode, params?: Record<string, string | number>): OptionIssue =>
  params ? { code, params } : { code };
