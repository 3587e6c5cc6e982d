import { createHash, createHmac } from 'node:crypto';

const ALGORITHM = 'AWS4-HMAC-SHA256';

export interface AwsSigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface AwsRequestToSign {
  method: string;
  url: string;
  /** Headers to sign besides host and x-amz-date (which the signer adds). */
  headers: Record<string, string>;
  body: string;
  date: Date;
}

export const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');

const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding, as AWS wants it (encodeURIComponent leaves !'()* alone). */
const uriEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** `20150830T123600Z`. */
export const amzDateOf = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Every service but S3 signs the path encoded once more than it is sent: a Bedrock model id's `:` travels as
 * `%3A` and is signed as `%253A`.
 */
export const canonicalUri = (path: string): string => path.split('/').map(uriEncode).join('/');

function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * AWS Signature Version 4 for one request: the headers to send with it (x-amz-date and authorization added;
 * host is signed from the URL but left for the HTTP client to send).
 */
export function signAwsRequest(request: AwsRequestToSign, key: AwsSigningKey): Record<string, string> {
  const url = new URL(request.url);
  const amzDate = amzDateOf(request.date);
  const day = amzDate.slice(0, 8);
  const signed = new Map<string, string>([
    ['host', url.host],
    ['x-amz-date', amzDate],
  ]);
  for (const [name, value] of Object.entries(request.headers)) {
    signed.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  const names = [...signed.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(url.pathname),
    canonicalQuery(url.searchParams),
    names.map((name) => `${name}:${signed.get(name)}\n`).join(''),
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const scope = `${day}/${key.region}/${key.service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = [day, key.region, key.service, 'aws4_request'].reduce<string | Buffer>(
    (secret, part) => hmac(secret, part),
    `AWS4${key.secretAccessKey}`,
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  const { host: _host, ...sent } = Object.fromEntries(signed);
  return {
    ...sent,
    authorization: `${ALGORITHM} Credential=${key.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
