// AWS Signature Version 4 (header form), written out with node:crypto: the mock recomputes what a caller
// signed, and tests sign requests with the same code.
import { createHash, createHmac } from 'node:crypto';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface CanonicalInput {
  method: string;
  path: string; // as sent, still percent-encoded
  query: Iterable<[string, string]>; // decoded name/value pairs
  headers: Readonly<Record<string, string | string[] | undefined>>; // lower-case names
  signedHeaders: readonly string[]; // lower-case, sorted
  payloadHash: string; // hex SHA-256 of the body, or UNSIGNED-PAYLOAD
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

// Everything but RFC 3986's unreserved characters becomes %XX, as AWS specifies.
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

// Services other than S3 encode each path segment once more: a model id sent as `v1%3A0` signs as `v1%253A0`.
export function canonicalUri(path: string): string {
  return path === '' ? '/' : path.split('/').map(uriEncode).join('/');
}

export function canonicalQuery(pairs: Iterable<[string, string]>): string {
  const encoded = [...pairs].map(([name, value]) => [uriEncode(name), uriEncode(value)]);
  encoded.sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)));
  return encoded.map(([name, value]) => `${name}=${value}`).join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function headerValue(value: string | string[] | undefined): string {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

export function canonicalRequest(input: CanonicalInput): string {
  const headers = input.signedHeaders.map((name) => `${name}:${headerValue(input.headers[name])}\n`).join('');
  return [
    input.method,
    canonicalUri(input.path),
    canonicalQuery(input.query),
    headers,
    input.signedHeaders.join(';'),
    input.payloadHash,
  ].join('\n');
}

export function credentialScope(date: string, region: string, service: string): string {
  return `${date}/${region}/${service}/aws4_request`;
}

export function stringToSign(amzDate: string, scope: string, canonical: string): string {
  return [SIGV4_ALGORITHM, amzDate, scope, sha256Hex(canonical)].join('\n');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

export function signatureOf(key: Buffer, toSign: string): string {
  return createHmac('sha256', key).update(toSign).digest('hex');
}

// 2015-08-30T12:36:00.000Z → 20150830T123600Z
export function amzDateOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface SigningParams {
  method: string;
  url: string | URL;
  headers?: Record<string, string>;
  body?: string | Buffer;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
  date?: Date; // default now
  contentSha256Header?: boolean; // send x-amz-content-sha256 (default true)
}

// The headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256 and authorization,
// every one of them signed.
export function signRequest(params: SigningParams): Record<string, string> {
  const url = typeof params.url === 'string' ? new URL(params.url) : params.url;
  const amzDate = amzDateOf(params.date ?? new Date());
  const payloadHash = sha256Hex(params.body ?? '');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(params.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = url.host;
  headers['x-amz-date'] = amzDate;
  if (params.contentSha256Header !== false) headers['x-amz-content-sha256'] = payloadHash;
  const signedHeaders = Object.keys(headers).sort();
  const canonical = canonicalRequest({
    method: params.method,
    path: url.pathname,
    query: url.searchParams,
    headers,
    signedHeaders,
    payloadHash,
  });
  const scope = credentialScope(amzDate.slice(0, 8), params.region, params.service);
  const key = signingKey(params.secretAccessKey, amzDate.slice(0, 8), params.region, params.service);
  const signature = signatureOf(key, stringToSign(amzDate, scope, canonical));
  headers.authorization = `${SIGV4_ALGORITHM} Credential=${params.accessKeyId}/${scope}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`;
  return headers;
}
