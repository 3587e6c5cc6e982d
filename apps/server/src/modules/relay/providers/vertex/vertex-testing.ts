import { generateKeyPairSync, type KeyObject } from 'node:crypto';

// Test-only: a real RSA service account, so signatures can be checked with its public key.

export interface TestServiceAccount {
  /** The key file text, as an operator pastes it into the channel. */
  key: string;
  publicKey: KeyObject;
  privateKeyPem: string;
}

export function testServiceAccount(
  tokenUri: string,
  clientEmail = 'relay@proj-1.iam.gserviceaccount.com',
): TestServiceAccount {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = JSON.stringify({
    type: 'service_account',
    project_id: 'proj-1',
    private_key_id: 'k1',
    private_key: privateKeyPem,
    client_email: clientEmail,
    token_uri: tokenUri,
  });
  return { key, publicKey, privateKeyPem };
}
