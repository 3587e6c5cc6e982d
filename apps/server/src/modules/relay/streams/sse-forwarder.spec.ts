import { OPENAI_CODEC } from '../protocols/openai/openai-codec';
import { SseForwarder } from './sse-forwarder';

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const delta = (content: string) => event({ choices: [{ index: 0, delta: { content } }], usage: null });
const usageOnly = event({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 4 } });
const DONE = 'data: [DONE]\n\n';

function run(forwarder: SseForwarder, pieces: string[]): string {
  const out = pieces.map((piece) => forwarder.push(Buffer.from(piece)).toString()).join('');
  return out + forwarder.finish();
}

describe('SseForwarder', () => {
  const whole = delta('echo:') + delta(' hi') + usageOnly + DONE;

  it('passes the bytes through unchanged and reads usage and text when the caller asked for usage', () => {
    const forwarder = new SseForwarder(OPENAI_CODEC.streamMeter(), false);
    expect(run(forwarder, [whole.slice(0, 7), whole.slice(7, 50), whole.slice(50)])).toBe(whole);
    expect(forwarder.usage).toEqual({ promptTokens: 9, completionTokens: 4 });
    expect(forwarder.text).toBe('echo: hi');
  });

  it('drops only the usage-only chunk it asked for, across arbitrary chunk borders', () => {
    const forwarder = new SseForwarder(OPENAI_CODEC.streamMeter(), true);
    const pieces = Array.from({ length: Math.ceil(whole.length / 5) }, (_, i) =>
      whole.slice(i * 5, i * 5 + 5),
    );
    expect(run(forwarder, pieces)).toBe(delta('echo:') + delta(' hi') + DONE);
    expect(forwarder.usage).toEqual({ promptTokens: 9, completionTokens: 4 });
  });

  it('parses only the events that carry usage until the text is asked for, which keeps stream order', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const forwarder = new SseForwarder(OPENAI_CODEC.streamMeter(), false);
      // Some providers send usage with the last content.
      const lastWithUsage = event({
        choices: [{ index: 0, delta: { content: '!' } }],
        usage: { prompt_tokens: 9, completion_tokens: 3 },
      });
      run(forwarder, [delta('echo:') + delta(' hi'), lastWithUsage + DONE]);
      expect(forwarder.usage).toEqual({ promptTokens: 9, completionTokens: 3 });
      expect(parse).toHaveBeenCalledTimes(1);
      expect(forwarder.text).toBe('echo: hi!');
    } finally {
      parse.mockRestore();
    }
  });

  // Byte 57 is inside 世 (it starts at byte 56).
  it('keeps multi-byte characters split between chunks and an unterminated last event', () => {
    const forwarder = new SseForwarder(OPENAI_CODEC.streamMeter(), true);
    const bytes = Buffer.from(delta('héllo 世界') + 'data: [DONE]');
    const out = [bytes.subarray(0, 57), bytes.subarray(57)].map((b) => forwarder.push(b).toString()).join('');
    expect(out + forwarder.finish()).toBe(delta('héllo 世界') + DONE);
    expect(forwarder.text).toBe('héllo 世界');
    expect(forwarder.usage).toBeNull();
  });
});
