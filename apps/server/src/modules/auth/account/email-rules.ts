import { EMAIL_MAX_LENGTH } from '@tollgate/contracts';
import { type AccountErrorCode } from './account.errors';

export interface EmailPolicy {
  domainRestriction: boolean;
  /** EmailDomainWhitelist: comma-separated domains. */
  whitelist: string;
  aliasRestriction: boolean;
}

// Deliberately loose (one @, a dot in the domain, no spaces): the mailed code is the real proof.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed; the empty string stays empty so callers can say "required" in their own words. */
export const cleanEmail = (raw: string | undefined): string => raw?.trim() ?? '';

/** Codes, cooldowns and reset tokens are keyed on this: one mailbox, however its address is capitalised. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

export const isValidEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);

/** Why an address may not receive codes or be registered, or null when it may (reference §8.3). */
export function emailPolicyIssue(email: string, policy: EmailPolicy): AccountErrorCode | null {
  if (!isValidEmail(email)) return 'invalid_email';
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (policy.domainRestriction) {
    const allowed = policy.whitelist
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    if (!allowed.includes(domain)) return 'email_domain_not_allowed';
  }
  // "+tag" aliases deliver to one mailbox; with the restriction on, one mailbox means one account.
  if (policy.aliasRestriction && local.includes('+')) return 'email_alias_not_allowed';
  return null;
}
