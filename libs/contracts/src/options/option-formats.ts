import { type OptionIssue, optionIssue } from './option-issues';

// A regex rather than `URL`: this library also runs in the browser and must not rely on Node typings.
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

// Labels of 1–63 letters, digits or inner hyphens; a letter TLD or a punycode one (xn--…).
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** An absolute http:// or https:// address with a host. */
export const isHttpUrl = (value: string): boolean => HTTP_URL.test(value);

/** A bare host name such as `example.com` (no scheme, port or path). */
export const isDomain = (value: string): boolean => DOMAIN.test(value);

/** Checks a comma-separated domain list (EmailDomainWhitelist): valid names, none listed twice. */
export const checkDomainList = (list: string): OptionIssue | null => {
  const seen = new Set<string>();
  for (const entry of list.split(',')) {
    const domain = entry.trim();
    // Blank entries ("a.com, ,b.com," from hand editing) carry no domain: skip them.
    if (domain === '') continue;
    if (!isDomain(domain)) return optionIssue('invalid_domain', { domain });
    const normalised = domain.toLowerCase();
    if (seen.has(normalised)) return optionIssue('duplicate_domain', { domain });
    seen.add(normalised);
  }
  return null;
};
