import { ChannelType } from '@tollgate/contracts';
import {
  type AutoDisablePolicy,
  disableReason,
  parseDisableKeywords,
  shouldAutoDisable,
} from './auto-disable';

const POLICY: AutoDisablePolicy = {
  enabled: true,
  autoBan: true,
  keywords: parseDisableKeywords('You exceeded your current quota\n\n  Permission denied  '),
};

const refusal = (status: number, error: { message?: string; type?: string; code?: string | null } = {}) => ({
  status,
  channelType: ChannelType.OpenAI,
  error: { message: 'nope', type: 'upstream_error', param: null, code: null, ...error },
});

describe('shouldAutoDisable', () => {
  it('disables on 401 and on the dead-key codes and types', () => {
    expect(shouldAutoDisable(refusal(401), POLICY)).toBe(true);
    expect(shouldAutoDisable(refusal(400, { code: 'account_deactivated' }), POLICY)).toBe(true);
    expect(shouldAutoDisable(refusal(429, { type: 'insufficient_quota' }), POLICY)).toBe(true);
    expect(shouldAutoDisable(refusal(403, { type: 'permission_error' }), POLICY)).toBe(true);
  });

  it('disables on 403 only for Gemini', () => {
    expect(shouldAutoDisable(refusal(403), POLICY)).toBe(false);
    expect(shouldAutoDisable({ ...refusal(403), channelType: ChannelType.Gemini }, POLICY)).toBe(true);
  });

  it('disables when the lower-cased message holds a keyword line', () => {
    expect(shouldAutoDisable(refusal(500, { message: 'PERMISSION DENIED for org' }), POLICY)).toBe(true);
    expect(shouldAutoDisable(refusal(500, { message: 'overloaded' }), POLICY)).toBe(false);
    expect(shouldAutoDisable(refusal(429, { type: 'requests', code: 'rate_limit_exceeded' }), POLICY)).toBe(
      false,
    );
  });

  it('never disables with the option off or auto_ban 0', () => {
    expect(shouldAutoDisable(refusal(401), { ...POLICY, enabled: false })).toBe(false);
    expect(shouldAutoDisable(refusal(401), { ...POLICY, autoBan: false })).toBe(false);
  });

  it('states the status and the message on one line', () => {
    expect(disableReason(refusal(401, { message: 'bad\n key  given' }))).toBe('status 401: bad key given');
  });
});
