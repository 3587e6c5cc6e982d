// RS256 JSON Web Tokens with node:crypto: enough for Google's service-account JWT bearer grant.
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { asObject, type JsonObject } from './fields';

export interface DecodedJwt {
  header: JsonObject;
  claims: JsonObject;
  signingInput: string; // "<header>.<claims>" as sent, the bytes the signature covers
  signature: Buffer;
}

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

function parseSegment(segment: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? asObject(value) : null;
  } catch {
    return null;
  }
}

export function decodeJwt(token: string): DecodedJwt | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const header = parseSegment(parts[0]);
  const claims = parseSegment(parts[1]);
  if (header === null || claims === null) return null;
  return {
    header,
    claims,
    signingInput: `${parts[0]}.${parts[1]}`,
    signature: Buffer.from(parts[2], 'base64url'),
  };
}

export function verifyRs256(jwt: DecodedJwt, publicKey: KeyObject): boolean {
  if (jwt.header.alg !== 'RS256') return false;
  return createVerify('RSA-SHA256').update(jwt.signingInput).verify(publicKey, jwt.signature);
}

export function signRs256Jwt(claims: object, privateKeyPem: string, keyId?: string): string {
  const header =
    keyId === undefined ? { alg: 'RS256', typ: 'JWT' } : { alg: 'RS256', typ: 'JWT', kid: keyId };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(privateKeyPem);
  return `${signingInput}.${base64url(signature)}`;
}
