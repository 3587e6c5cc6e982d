import { behaviourFor, NORMAL } from './behaviour';
import { parseMultipart } from './multipart';
import { parseSse } from './sse';
import { buildReply, countWords, inputItems, messagesPromptTokens } from './usage';

describe('usage rule', () => {
  it('counts whitespace-separated words', () => {
    expect(countWords('  hello   big\nworld\t')).toBe(3);
    expect(countWords('')).toBe(0);
  });

  it('prompt tokens = 3 + Σ (3 + words) over messages, text parts joined', () => {
    const messages = [
      { role: 'system', content: 'be brief' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'one two' },
          { type: 'image_url', image_url: {} },
        ],
      },
      { role: 'assistant', content: null },
    ];
    expect(messagesPromptTokens(messages)).toBe(3 + (3 + 2) + (3 + 2) + 3);
  });

  it('echoes the prompt and truncates at max tokens', () => {
    expect(buildReply('hi  there', undefined)).toEqual({
      words: ['echo:', 'hi', 'there'],
      text: 'echo: hi there',
      truncated: false,
    });
    expect(buildReply('a b c d', 2)).toMatchObject({ text: 'echo: a', truncated: true });
    expect(buildReply('ignored', undefined, 14).words).toHaveLength(14);
  });

  it('normalises completion and embedding inputs', () => {
    expect(inputItems('x')).toEqual(['x']);
    expect(inputItems([1, 2])).toEqual([[1, 2]]);
    expect(inputItems([])).toBeNull();
  });
});

describe('behaviour switch', () => {
  it('is NORMAL for plain models and no header', () => {
    expect(behaviourFor('gpt-4o', undefined)).toBe(NORMAL);
    expect(behaviourFor('mock-gpt', undefined)).toEqual(NORMAL);
  });

  it('reads model names and the header with options', () => {
    expect(behaviourFor('mock-503', undefined).status).toBe(503);
    expect(behaviourFor('gpt-4o', 'slow-drip, no-usage, delayMs=5')).toMatchObject({
      dripMs: 5,
      noUsage: true,
    });
    expect(behaviourFor('mock-cut-stream', 'chunks=4').cutAfter).toBe(4);
    expect(behaviourFor('x', 'mock-slow-first-byte,delayMs=7').firstByteDelayMs).toBe(7);
  });

  it('rejects unknown header names and options', () => {
    expect(() => behaviourFor('x', 'slowdrip')).toThrow('unknown mock behaviour "slowdrip"');
    expect(() => behaviourFor('x', 'slow-drip,delayMs=-1')).toThrow('bad mock behaviour option');
    expect(() => behaviourFor('x', 'slow-drip,speed=1')).toThrow('unknown mock behaviour option');
  });
});

describe('parsers', () => {
  it('splits SSE events with and without event names', () => {
    expect(parseSse('data: {"a":1}\n\nevent: x\ndata: 2\n\ndata: [DONE]\n\n')).toEqual([
      { event: null, data: '{"a":1}' },
      { event: 'x', data: '2' },
      { event: null, data: '[DONE]' },
    ]);
  });

  it('summarises multipart fields and files', () => {
    const body = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n' +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n12345\r\n--b--\r\n',
    );
    expect(parseMultipart(body, 'b')).toEqual({
      fields: { model: 'whisper-1' },
      files: [{ field: 'file', filename: 'a.mp3', contentType: 'audio/mpeg', size: 5 }],
    });
  });
});
