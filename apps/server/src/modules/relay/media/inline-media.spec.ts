import { AppError } from '../../../common/errors/app-error';
import { type FetchedFile, inlineMediaUrls, MAX_FETCHED_URLS } from './inline-media';

const PNG: FetchedFile = { contentType: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) };

function fetcher(files: Record<string, FetchedFile>) {
  const asked: string[] = [];
  const fetchUrl = (url: string): Promise<FetchedFile> => {
    asked.push(url);
    const file = files[url];
    return file ? Promise.resolve(file) : Promise.reject(new Error(`no ${url}`));
  };
  return { asked, fetchUrl };
}

const image = (url: string) => ({ type: 'image', source: { type: 'url', url } });

describe('inline media for providers without URL sources', () => {
  it('returns the same body when no block has a URL source, fetching nothing', async () => {
    const body = {
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'user',
          content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA==' } }],
        },
      ],
    };
    const { asked, fetchUrl } = fetcher({});
    expect(await inlineMediaUrls(body, fetchUrl)).toBe(body);
    expect(asked).toEqual([]);
  });

  it('fetches each address once and sends images, documents and tool-result images inline', async () => {
    const files = {
      'https://a.example/cat.png': PNG,
      'https://a.example/photo.jpg?size=2': {
        contentType: 'application/octet-stream',
        bytes: Buffer.from('jpg'),
      },
      'https://a.example/report': { contentType: 'application/pdf; qs=1', bytes: Buffer.from('%PDF') },
    };
    const { asked, fetchUrl } = fetcher(files);
    const body = {
      model: 'claude',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            image('https://a.example/cat.png'),
            { type: 'image', source: { type: 'url', url: 'https://a.example/photo.jpg?size=2' } },
            { type: 'document', source: { type: 'url', url: 'https://a.example/report' }, title: 'r' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: [image('https://a.example/cat.png')] },
          ],
        },
      ],
    };
    const out = await inlineMediaUrls(body, fetchUrl);
    expect(asked.sort()).toEqual(Object.keys(files).sort());
    expect(out).toEqual({
      model: 'claude',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw==' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'anBn' } },
            {
              type: 'document',
              source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERg==' },
              title: 'r',
            },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw==' } },
              ],
            },
          ],
        },
      ],
    });
    // The caller's body is left as it was (retries build from it again).
    expect(body.messages[0].content[1]).toEqual(image('https://a.example/cat.png'));
  });

  it('refuses more addresses than a provider takes, before fetching any', async () => {
    const urls = Array.from({ length: MAX_FETCHED_URLS + 1 }, (_, i) => `https://a.example/${i}.png`);
    const { asked, fetchUrl } = fetcher({});
    const body = { messages: [{ role: 'user', content: urls.map(image) }] };
    const error = await inlineMediaUrls(body, fetchUrl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('media_fetch_failed');
    expect(asked).toEqual([]);
  });
});
