import { MultipartUpload, uploadOf } from './multipart';

async function multipart(build: (form: FormData) => void): Promise<{ raw: Buffer; type: string }> {
  const form = new FormData();
  build(form);
  const response = new Response(form);
  return { raw: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') ?? '' };
}

const read = (encoded: { contentType: string; body: Buffer }) =>
  new Response(encoded.body, { headers: { 'content-type': encoded.contentType } }).formData();

describe('MultipartUpload', () => {
  it('reads text fields and files, and re-encodes them with fields replaced in place or added', async () => {
    const { raw, type } = await multipart((form) => {
      form.append('model', 'whisper-1');
      form.append('file', new Blob([Buffer.from([0, 1, 2, 255])], { type: 'audio/mpeg' }), 'a "quoted".mp3');
      form.append('model', 'duplicate');
    });
    const upload = await MultipartUpload.parse(raw, type);
    expect(upload?.fields()).toEqual({ model: 'duplicate' });
    expect(upload?.hasFile('file')).toBe(true);
    expect(upload?.hasFile('model')).toBe(false);
    const sent = await read(upload!.encode({ model: 'whisper-large', language: 'fr' }));
    expect([...sent.entries()].map(([name]) => name)).toEqual(['model', 'file', 'language']);
    expect(sent.get('model')).toBe('whisper-large');
    expect(sent.get('language')).toBe('fr');
    const file = sent.get('file') as File;
    expect(file.name).toBe('a "quoted".mp3');
    expect([...Buffer.from(await file.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it('is null for bytes that are not multipart, and uploadOf then leaves the body as it came', async () => {
    const junk = Buffer.from('not a form');
    expect(await MultipartUpload.parse(junk, 'multipart/form-data; boundary=x')).toBeNull();
    expect(await uploadOf(junk, 'multipart/form-data; boundary=x')).toBe(junk);
    const json = { model: 'whisper-1' };
    expect(await uploadOf(json, 'application/json')).toBe(json);
  });
});
