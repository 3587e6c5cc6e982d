import { isBrowserExtensionCall } from './browser-extension';

describe('browser extension origins', () => {
  it.each([
    'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
    'moz-extension://0c5f0d2e-6d1b-4a7e-9f55-1d2c3b4a5e6f',
    'safari-web-extension://ABCDEF',
    'Chrome-Extension://upper-case',
  ])('recognises %s', (origin) => {
    expect(isBrowserExtensionCall({ origin })).toBe(true);
  });

  it.each([
    undefined,
    'https://chat.example.com',
    'https://extension.example.com',
    'http://localhost:3000/extension://',
    'extension',
    'null',
  ])('lets %s through', (origin) => {
    expect(isBrowserExtensionCall({ origin })).toBe(false);
  });
});
