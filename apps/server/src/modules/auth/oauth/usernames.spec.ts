import { usernameCandidates } from './usernames';

describe('third-party usernames', () => {
  it('starts with prefix_handle cut to 12 characters, then random variants of the same length', () => {
    const [first, ...rest] = usernameCandidates('github', 'octocat-the-great');
    expect(first).toBe('github_octoc');
    expect(rest.length).toBeGreaterThan(2);
    for (const name of rest) expect(name).toMatch(/^github_o\d{4}$/);
  });

  it('drops characters that do not belong in a username', () => {
    expect(usernameCandidates('oidc', 'Zoë Smith!')[0]).toBe('oidc_ZoSmith');
    expect(usernameCandidates('wechat', '')[0]).toBe('wechat_');
  });
});
