import { canonicalQuery, canonicalRequest, canonicalUri, sha256Hex, signRequest } from './sigv4';

// AWS's published SigV4 test suite (aws-sig-v4-test-suite): credentials, date, region and service.
const SUITE = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
  date: new Date('2015-08-30T12:36:00Z'),
  contentSha256Header: false,
};
const SCOPE = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request';

describe('SigV4 against AWS test vectors', () => {
  it('get-vanilla: canonical request and signature', () => {
    expect(
      canonicalRequest({
        method: 'GET',
        path: '/',
        query: [],
        headers: { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' },
        signedHeaders: ['host', 'x-amz-date'],
        payloadHash: sha256Hex(''),
      }),
    ).toBe(
      'GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    const headers = signRequest({ ...SUITE, method: 'GET', url: 'https://example.amazonaws.com/' });
    expect(headers.authorization).toBe(
      `${SCOPE}, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31`,
    );
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
  });

  it.each([
    [
      'get-vanilla-query-order-key-case',
      'GET',
      'https://example.amazonaws.com/?Param2=value2&Param1=value1',
      {},
      '',
      'host;x-amz-date',
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    ],
    [
      'post-vanilla',
      'POST',
      'https://example.amazonaws.com/',
      {},
      '',
      'host;x-amz-date',
      '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    ],
    [
      'post-x-www-form-urlencoded',
      'POST',
      'https://example.amazonaws.com/',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      'Param1=value1',
      'content-type;host;x-amz-date',
      'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a',
    ],
    [
      'post-x-www-form-urlencoded-parameters',
      'POST',
      'https://example.amazonaws.com/',
      { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf8' },
      'Param1=value1',
      'content-type;host;x-amz-date',
      '1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe',
    ],
  ])('%s', (_, method, url, headers, body, signed, signature) => {
    expect(signRequest({ ...SUITE, method, url, headers, body }).authorization).toBe(
      `${SCOPE}, SignedHeaders=${signed}, Signature=${signature}`,
    );
  });
});

describe('canonical parts', () => {
  it('encodes each path segment again, as non-S3 services require', () => {
    expect(canonicalUri('/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke')).toBe(
      '/model/anthropic.claude-3-5-sonnet-20240620-v1%253A0/invoke',
    );
    expect(canonicalUri('')).toBe('/');
  });

  it('sorts the query by name then value, with RFC 3986 encoding', () => {
    expect(
      canonicalQuery([
        ['b', '2'],
        ['a', "x y!'"],
        ['a', '1'],
      ]),
    ).toBe('a=1&a=x%20y%21%27&b=2');
  });
});
