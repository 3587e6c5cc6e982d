import { performance } from 'node:perf_hooks';
import { promptTexts, SensitiveWordMatcher } from './sensitive-words';

describe('SensitiveWordMatcher', () => {
  it('finds overlapping and nested words in one pass, in the order met', () => {
    const matcher = new SensitiveWordMatcher(['he', 'she', 'his', 'hers']);
    expect(matcher.find(['ushers'])).toEqual(['she', 'he', 'hers']);
    expect(matcher.find(['a quiet line'])).toEqual([]);
  });

  it('ignores case on both sides, blank lines and repeats', () => {
    const matcher = SensitiveWordMatcher.fromLines('Forbidden\r\n\n  forbidden \n密码\n');
    expect(matcher.size).toBe(2);
    expect(matcher.find(['this is FORBIDDEN', '别问我的密码'])).toEqual(['forbidden', '密码']);
  });

  it('stops at the limit', () => {
    const matcher = new SensitiveWordMatcher(['a1', 'b2', 'c3']);
    expect(matcher.find(['c3 b2 a1'], 2)).toEqual(['c3', 'b2']);
  });

  it('finds the same words by native search (short lists) and by the automaton (long ones)', () => {
    const filler = Array.from({ length: 20 }, (_, i) => `unused${i}`);
    for (const words of [
      ['he', 'she', 'his', 'hers'],
      ['Forbidden', 'ΟΔΟΣ', '密码', 'a.b'],
    ]) {
      const short = new SensitiveWordMatcher(words);
      const long = new SensitiveWordMatcher([...words, ...filler]);
      for (const texts of [['ushers'], ['FORBIDDEN ὁδός', 'οδος 密码'], ['axb a.b', 'his']]) {
        expect(long.find(texts)).toEqual(short.find(texts));
        expect(long.find(texts, 1)).toEqual(short.find(texts, 1));
      }
    }
  });

  it('scans 10 MB in time linear in its length, whatever the list', () => {
    const prompt = `${'gateway quota token channel '.repeat((10 << 20) / 28)} Test_Sensitive`;
    for (const words of [
      ['test_sensitive'],
      Array.from({ length: 2000 }, (_, i) => `w${i}x`).concat('test_sensitive'),
    ]) {
      const matcher = new SensitiveWordMatcher(words);
      // Native search takes ~5 ms, the automaton ~100 ms; the margin is for a busy host. The best of three
      // scans counts: one alone has taken 3 s in a jest worker whose collector chose that moment.
      let fastest = Infinity;
      for (let scan = 0; scan < 3; scan++) {
        const started = performance.now();
        expect(matcher.find([prompt])).toEqual(['test_sensitive']);
        fastest = Math.min(fastest, performance.now() - started);
      }
      expect(fastest).toBeLessThan(2000);
    }
  });

  it('matches nothing with no words', () => {
    expect(SensitiveWordMatcher.fromLines('\n \n').find(['anything'])).toEqual([]);
  });

  it('scans a 20 KB prompt against 5,000 words in well under a few milliseconds', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `blocked${i.toString(36)}word`);
    const matcher = new SensitiveWordMatcher(words);
    const filler = 'The quick brown fox jumps over the lazy dog; blocked words are rare. ';
    const prompt = filler.repeat(Math.ceil(20_000 / filler.length)).slice(0, 20_000) + ' BLOCKED4CWORD';
    expect(matcher.find([prompt])).toEqual(['blocked4cword']);
    const timings = Array.from({ length: 5 }, () => {
      const start = performance.now();
      matcher.find([prompt]);
      return performance.now() - start;
    });
    expect(Math.min(...timings)).toBeLessThan(3);
  });
});

describe('promptTexts', () => {
  it('reads chat messages, content parts, prompt and input, but not images or tool schemas', () => {
    const texts = promptTexts({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'be brief' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look at this' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
      ],
      tools: [{ type: 'function', function: { name: 'lookup', description: 'not a prompt' } }],
    });
    expect(texts).toEqual(['be brief', 'look at this']);
    expect(promptTexts({ prompt: ['one', 'two'], input: 'three' })).toEqual(['one', 'two', 'three']);
  });

  it('reads Anthropic system blocks and Gemini parts', () => {
    expect(
      promptTexts({
        system: [{ type: 'text', text: 'rules' }],
        contents: [{ role: 'user', parts: [{ text: 'gemini says' }] }],
        systemInstruction: { parts: [{ text: 'sys' }] },
      }),
    ).toEqual(['rules', 'gemini says', 'sys']);
  });
});
