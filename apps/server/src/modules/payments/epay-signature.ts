import { createHash, timingSafeEqual } from 'node:crypto';

/** Parameters easy-pay leaves out of the signed text. */
const UNSIGNED = new Set(['sign', 'sign_type']);

/**
 * Easy-pay's MD5 signature (reference §9): every non-empty parameter but sign and sign_type, sorted by name,
 * joined as k=v with &, the merchant key appended directly; lower-case hex.
 */
export function epaySign(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => !UNSIGNED.has(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

/** Whether `params.sign` is the signature of the rest; compared in constant time. */
export function epaySignatureValid(params: Readonly<Record<string, string>>, key: string): boolean {
  const given = Buffer.from((params.sign ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(epaySign(params, key), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
