import { canonicalUri, signAwsRequest } from './sigv4';

// AWS's published Signature V4 test suite (credentials, time and host of every vector).
const EXAMPLE_KEY = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
};
const EXAMPLE_DATE = new Date('2015-08-30T12:36:00Z');
const CREDENTIAL = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request';

describe('signAwsRequest', () => {
  it.each([
    [
      'get-vanilla',
      'GET',
      'https://example.amazonaws.com/',
      '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    ],
    [
      'get-vanilla-query-order-key-case',
      'GET',
      'https://example.amazonaws.com/?Param2=value2&Param1=value1',
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    ],
    [
      'post-vanilla',
      'POST',
      'https://example.amazonaws.com/',
      '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    ],
  ])('matches the AWS test suite vector %s', (_name, method, url, signature) => {
    const headers = signAwsRequest({ method, url, headers: {}, body: '', date: EXAMPLE_DATE }, EXAMPLE_KEY);
    expect(headers).toEqual({
      'x-amz-date': '20150830T123600Z',
      authorization: `${CREDENTIAL}, SignedHeaders=host;x-amz-date, Signature=${signature}`,
    });
  });

  it('signs extra headers sorted by name, and depends on the body and the encoded path', () => {
    const request = {
      method: 'POST',
      url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-v2%3A1/invoke',
      headers: { 'Content-Type': 'application/json', 'X-Amz-Content-Sha256': 'abc' },
      body: '{}',
      date: EXAMPLE_DATE,
    };
    const signed = signAwsRequest(request, EXAMPLE_KEY);
    expect(signed.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,',
    );
    expect(signed).toMatchObject({ 'content-type': 'application/json', 'x-amz-content-sha256': 'abc' });
    const otherBody = signAwsRequest({ ...request, body: '{"a":1}' }, EXAMPLE_KEY);
    const otherPath = signAwsRequest({ ...request, url: request.url.replace('%3A1', '%3A2') }, EXAMPLE_KEY);
    expect(new Set([signed.authorization, otherBody.authorization, otherPath.authorization]).size).toBe(3);
  });

  it("encodes the sent path once more, as every service but S3 signs it (a model id's `:`)", () => {
    expect(canonicalUri('/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke')).toBe(
      '/model/anthropic.claude-3-5-sonnet-20240620-v1%253A0/invoke',
    );
    expect(canonicalUri('/')).toBe('/');
  });
});
