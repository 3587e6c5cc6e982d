import { webhookSignature } from './webhook-sender';
import { WebhookDeliveryError, webhookOrigin, webhookTarget } from './webhook-target';

describe('webhook target', () => {
  it('logs the origin only: paths and queries of webhook URLs carry tokens', () => {
    expect(webhookOrigin('https://hooks.example.com/services/T0/B0/secret?token=abc')).toBe(
      'https://hooks.example.com',
    );
    expect(webhookOrigin('not a url')).toBe('an unreadable address');
  });

  it('posts only to https on a public host unless local targets are allowed', () => {
    expect(webhookTarget('https://hooks.example.com/x', false).href).toBe('https://hooks.example.com/x');
    for (const bad of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'nope',
      'ftp://a.b',
    ])
      expect(() => webhookTarget(bad, false)).toThrow(WebhookDeliveryError);
    expect(webhookTarget('http://127.0.0.1:8080/hook', true).port).toBe('8080');
    expect(() => webhookTarget('ftp://127.0.0.1/x', true)).toThrow(WebhookDeliveryError);
  });

  it('signs the body with hex HMAC-SHA256', () => {
    // Known answer: HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog").
    expect(webhookSignature('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });
});
