import { verify } from 'node:crypto';
import {
  CLOUD_PLATFORM_SCOPE,
  DEFAULT_TOKEN_URI,
  InvalidServiceAccountError,
  parseServiceAccount,
  signAssertion,
} from './service-account';
import { testServiceAccount } from './vertex-testing';

const TOKEN_URI = 'https://oauth2.example.test/token';

describe('Vertex service account', () => {
  const account = testServiceAccount(TOKEN_URI);

  it('reads the key file, defaulting token_uri to Google’s', () => {
    expect(parseServiceAccount(account.key)).toEqual({
      clientEmail: 'relay@proj-1.iam.gserviceaccount.com',
      privateKey: account.privateKeyPem,
      projectId: 'proj-1',
      tokenUri: TOKEN_URI,
    });
    const withoutUri = JSON.parse(account.key) as Record<string, unknown>;
    delete withoutUri.token_uri;
    expect(parseServiceAccount(JSON.stringify(withoutUri)).tokenUri).toBe(DEFAULT_TOKEN_URI);
  });

  it('refuses unusable keys without quoting them', () => {
    const broken = account.key.slice(0, -1);
    expect(() => parseServiceAccount(broken)).toThrow(InvalidServiceAccountError);
    expect(() => parseServiceAccount(broken)).toThrow('the key is not service-account JSON');
    expect(() => parseServiceAccount('{"private_key":"x","project_id":"p"}')).toThrow(
      'the key has no client_email',
    );
    const badPem = parseServiceAccount(
      JSON.stringify({ ...JSON.parse(account.key), private_key: 'not a pem' }),
    );
    expect(() => signAssertion(badPem, 0)).toThrow('the private_key is not a PEM private key');
  });

  it('signs an RS256 assertion for the cloud-platform scope, valid for an hour', () => {
    const assertion = signAssertion(parseServiceAccount(account.key), 1_700_000_000);
    const [header, claims, signature] = assertion.split('.');
    const decode = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString());
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(decode(claims)).toEqual({
      iss: 'relay@proj-1.iam.gserviceaccount.com',
      scope: CLOUD_PLATFORM_SCOPE,
      aud: TOKEN_URI,
      iat: 1_700_000_000,
      exp: 1_700_003_600,
    });
    const signed = Buffer.from(`${header}.${claims}`);
    expect(verify('RSA-SHA256', signed, account.publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    const other = testServiceAccount(TOKEN_URI);
    expect(verify('RSA-SHA256', signed, other.publicKey, Buffer.from(signature, 'base64url'))).toBe(false);
  });
});
