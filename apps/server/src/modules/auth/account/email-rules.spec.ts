import { emailKey, emailPolicyIssue, type EmailPolicy } from './email-rules';

const open: EmailPolicy = { domainRestriction: false, whitelist: '', aliasRestriction: false };

describe('email rules', () => {
  it('accepts a plain address and refuses malformed or over-long ones', () => {
    expect(emailPolicyIssue('alice@example.com', open)).toBeNull();
    expect(emailPolicyIssue('alice@example', open)).toBe('invalid_email');
    expect(emailPolicyIssue('alice example.com', open)).toBe('invalid_email');
    expect(emailPolicyIssue('a@b@example.com', open)).toBe('invalid_email');
    expect(emailPolicyIssue(`${'a'.repeat(45)}@example.com`, open)).toBe('invalid_email');
  });

  it('restricts domains to the whitelist, ignoring case and blanks', () => {
    const policy = { ...open, domainRestriction: true, whitelist: 'gmail.com, QQ.com ,,' };
    expect(emailPolicyIssue('bob@Gmail.com', policy)).toBeNull();
    expect(emailPolicyIssue('bob@qq.com', policy)).toBeNull();
    expect(emailPolicyIssue('bob@mail.gmail.com', policy)).toBe('email_domain_not_allowed');
    expect(emailPolicyIssue('bob@example.com', policy)).toBe('email_domain_not_allowed');
  });

  it('refuses plus aliases only when the alias restriction is on', () => {
    expect(emailPolicyIssue('bob+shop@example.com', open)).toBeNull();
    expect(emailPolicyIssue('bob+shop@example.com', { ...open, aliasRestriction: true })).toBe(
      'email_alias_not_allowed',
    );
    expect(emailPolicyIssue('bob.smith@example.com', { ...open, aliasRestriction: true })).toBeNull();
  });

  it('keys one mailbox however it is capitalised', () => {
    expect(emailKey(' Alice@Example.COM ')).toBe('alice@example.com');
  });
});
