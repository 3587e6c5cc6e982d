// Bedrock's rules: SigV4 (service "bedrock") recomputed from the request with the secret of the access key;
// errors as {message} with the exception named in x-amzn-ErrorType.
import { timingSafeEqual } from 'node:crypto';
import { headerText, type Dialect, type Refusal, type RequestView } from './dialect';
import {
  canonicalRequest,
  credentialScope,
  sha256Hex,
  signatureOf,
  signingKey,
  SIGV4_ALGORITHM,
  stringToSign,
  UNSIGNED_PAYLOAD,
} from './sigv4';
import type { MockState } from './state';

export const BEDROCK_SERVICE = 'bedrock';
const MAX_SKEW_MS = 15 * 60 * 1000;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

const EXCEPTIONS: Record<number, [name: string, message: string]> = {
  400: ['ValidationException', 'Malformed input request, please reformat your input and try again.'],
  401: ['UnrecognizedClientException', 'The security token included in the request is invalid.'],
  403: ['AccessDeniedException', "You don't have access to the model with the specified model ID."],
  404: [
    'ResourceNotFoundException',
    'Could not resolve the foundation model from the provided model identifier.',
  ],
  408: ['ModelTimeoutException', 'Model has timed out in processing the request.'],
  424: ['ModelErrorException', 'The system encountered an unexpected error during processing.'],
  429: ['ThrottlingException', 'Too many requests, please wait before trying again.'],
  500: ['InternalServerException', 'The server encountered an internal error while processing the request.'],
  503: ['ServiceUnavailableException', 'Bedrock is unable to process your request.'],
};

export function bedrockError(status: number, message?: string, exception?: string): Refusal {
  const [name, fallback] = EXCEPTIONS[status] ?? [
    status >= 500 ? 'InternalServerException' : 'ValidationException',
    `Mock upstream error ${status}.`,
  ];
  return {
    status,
    body: { message: message ?? fallback },
    headers: {
      'x-amzn-errortype': `${exception ?? name}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
    },
  };
}

function denied(message: string, exception = 'InvalidSignatureException'): Refusal {
  return bedrockError(403, message, exception);
}

interface Authorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

// "AWS4-HMAC-SHA256 Credential=AKID/20150830/us-east-1/bedrock/aws4_request, SignedHeaders=a;b, Signature=hex"
export function parseAuthorization(header: string): Authorization | null {
  if (!header.startsWith(`${SIGV4_ALGORITHM} `)) return null;
  const fields = new Map<string, string>();
  for (const part of header.slice(SIGV4_ALGORITHM.length + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq !== -1) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential')?.split('/');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (credential?.length !== 5 || credential[4] !== 'aws4_request' || !signedHeaders || !signature)
    return null;
  const [accessKeyId, date, region, service] = credential;
  return { accessKeyId, date, region, service, signedHeaders: signedHeaders.split(';'), signature };
}

function timeOf(amzDate: string): number | null {
  const m = AMZ_DATE.exec(amzDate);
  return m === null ? null : Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

export function verifySigV4(
  req: RequestView,
  secrets: ReadonlyMap<string, string>,
  now = Date.now(),
): Refusal | null {
  const header = headerText(req.headers, 'authorization');
  if (header === undefined)
    return denied('Missing Authentication Token', 'MissingAuthenticationTokenException');
  const auth = parseAuthorization(header);
  if (auth === null)
    return denied(
      `Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters. Authorization=${header.split(' ')[0]}`,
      'IncompleteSignatureException',
    );
  const secret = secrets.get(auth.accessKeyId);
  if (secret === undefined)
    return denied('The security token included in the request is invalid.', 'UnrecognizedClientException');
  if (auth.service !== BEDROCK_SERVICE)
    return denied(`Credential should be scoped to correct service: '${BEDROCK_SERVICE}'.`);
  if (!auth.signedHeaders.includes('host'))
    return denied("'Host' must be a 'SignedHeader' in the AWS Authorization.");
  const amzDate = headerText(req.headers, 'x-amz-date') ?? '';
  const signedAt = timeOf(amzDate);
  if (signedAt === null)
    return denied(
      "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
      'IncompleteSignatureException',
    );
  if (Math.abs(now - signedAt) > MAX_SKEW_MS)
    return denied(
      `Signature expired: ${amzDate} is now earlier than the allowed 15 minute window around the server time.`,
    );
  if (auth.date !== amzDate.slice(0, 8))
    return denied(
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${auth.date}' != '${amzDate.slice(0, 8)}', from '${amzDate}'.`,
    );
  const bodyHash = sha256Hex(req.raw);
  const declared = headerText(req.headers, 'x-amz-content-sha256');
  if (declared !== undefined && declared !== UNSIGNED_PAYLOAD && declared !== bodyHash)
    return bedrockError(400, "The provided 'x-amz-content-sha256' header does not match what was computed.");
  const canonical = canonicalRequest({
    method: req.method,
    path: req.path,
    query: req.query,
    headers: req.headers,
    signedHeaders: auth.signedHeaders,
    payloadHash: declared ?? bodyHash,
  });
  const toSign = stringToSign(amzDate, credentialScope(auth.date, auth.region, auth.service), canonical);
  const expected = Buffer.from(signatureOf(signingKey(secret, auth.date, auth.region, auth.service), toSign));
  const given = Buffer.from(auth.signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : denied(MISMATCH);
}

export const BEDROCK_DIALECT: Dialect = {
  authenticate: (req: RequestView, state: MockState) => verifySigV4(req, state.bedrockSecrets),
  invalidRequest: (message) => bedrockError(400, message),
  statusError: (status) => bedrockError(status),
};
