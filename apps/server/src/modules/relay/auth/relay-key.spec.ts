import { extractKey, maskKey } from './relay-key';

const KEY = 'a'.repeat(24) + 'B'.repeat(24);

describe('relay key extraction (reference §1.2)', () => {
  it('reads the bearer token with or without sk-', () => {
    expect(extractKey({ authorization: `Bearer sk-${KEY}` }, '/v1/chat/completions')).toEqual({
      key: KEY,
      forcedChannel: null,
    });
    expect(extractKey({ authorization: `bearer ${KEY}` }, '/v1/models')?.key).toBe(KEY);
  });

  it('splits a forced channel id off after a dash', () => {
    expect(extractKey({ authorization: `Bearer sk-${KEY}-12` }, '/v1/models')).toEqual({
      key: KEY,
      forcedChannel: '12',
    });
    expect(extractKey({ authorization: `Bearer sk-${KEY}-x` }, '/v1/models')?.forcedChannel).toBe('x');
  });

  it('prefers x-api-key on Anthropic paths only', () => {
    const headers = { authorization: 'Bearer sk-other', 'x-api-key': `sk-${KEY}` };
    expect(extractKey(headers, '/v1/messages')?.key).toBe(KEY);
    expect(extractKey(headers, '/v1/chat/completions')?.key).toBe('other');
    expect(extractKey({ 'x-api-key': `sk-${KEY}` }, '/v1/messages?beta=true')?.key).toBe(KEY);
  });

  it('reads x-goog-api-key, then ?key=, on Gemini paths only', () => {
    const path = '/v1beta/models/gemini-2.0-flash:generateContent';
    expect(extractKey({ 'x-goog-api-key': `sk-${KEY}` }, `${path}?key=other`)?.key).toBe(KEY);
    expect(extractKey({ authorization: 'Bearer sk-other' }, `${path}?alt=sse&key=${KEY}`)?.key).toBe(KEY);
    expect(extractKey({ authorization: `Bearer ${KEY}` }, path)?.key).toBe(KEY);
    expect(extractKey({ 'x-goog-api-key': KEY }, '/v1/chat/completions')).toBeNull();
  });

  it('falls back to mj-api-secret for an empty or placeholder bearer', () => {
    expect(extractKey({ 'mj-api-secret': `sk-${KEY}` }, '/mj/submit/imagine')?.key).toBe(KEY);
    expect(
      extractKey({ authorization: 'Bearer midjourney-proxy', 'mj-api-secret': KEY }, '/mj/submit/imagine')
        ?.key,
    ).toBe(KEY);
  });

  it('answers null when no key is present', () => {
    expect(extractKey({}, '/v1/models')).toBeNull();
    expect(extractKey({ authorization: 'Bearer ' }, '/v1/models')).toBeNull();
    expect(extractKey({ authorization: 'Bearer sk-' }, '/v1/models')).toBeNull();
    expect(extractKey({ authorization: 'Bearer sk--3' }, '/v1/models')).toBeNull();
  });

  it('masks keys for messages', () => {
    expect(maskKey(KEY)).toBe('sk-aaa***BBB');
    expect(maskKey('abc')).toBe('sk-***');
  });
});
