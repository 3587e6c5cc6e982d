import { countTokens } from 'gpt-tokenizer';
import { performance } from 'node:perf_hooks';
import { countText, countTexts, isCleanCut, runEnd, TokenCounter } from './token-counter';

const MB = 1 << 20;
const whole = (text: string): number => countTokens(text, { disallowedSpecial: new Set() });
const unbounded = (text: string): number => new TokenCounter(Number.POSITIVE_INFINITY).count(text);

// A small deterministic generator, so a failing mix can be reproduced.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const ORDINARY = [
  'Hello, world! How are you today?',
  "It's the users' choice: they'll say we've done what they'd want, isn't it? I'm sure you're right.",
  'const total = items.reduce((sum, item) => sum + item.price * 1.2, 0);\n\tif (total > 100) {\n\t\treturn "big";\n\t}\n',
  '你好，世界！今天天气很好。我们去公园散步吧，2024年10月1日。',
  'Ünïcödé façade — naïve café; Привет, как дела? Ελληνικά: ΟΔΟΣ οδός. 日本語の文章です、テストです。',
  'emoji 😀😀 👍🏽 and symbols ✓ ✗ → ←, flags 🇫🇷.',
  '    deeply\n        indented\n\n\n            code();\r\n\r\n}',
  'a <|endoftext|> special <|im_start|> token text',
  'https://example.com/path/to/resource?query=value&other=123#fragment',
  'SGVsbG8gV29ybGQhIFRoaXMgaXMgYmFzZTY0IGVuY29kZWQgdGV4dCBmb3IgdGVzdGluZy4=',
  '| column | other |\n|--------|-------|\n| 1 | 2 |',
];

describe('TokenCounter', () => {
  it('counts ordinary text exactly as the tokenizer counts it whole', () => {
    for (const text of ORDINARY) {
      expect(countText(text)).toBe(whole(text));
      const long = `${text} `.repeat(40);
      expect(unbounded(long)).toBe(whole(long));
    }
  });

  it('adds up to the whole count for random mixes of every kind of character', () => {
    const next = random(7);
    const alphabet = [
      ..."aZ 1.,!/'\n\t中。é😀Ωß-_٣",
      '  ',
      '\r\n',
      "'s",
      "'ll",
      '<|endoftext|>',
      '\u0301',
      '\u00a0',
      '\u3000',
    ];
    for (let round = 0; round < 150; round += 1) {
      const length = Math.floor(next() * 500);
      let text = '';
      for (let i = 0; i < length; i += 1) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(unbounded(text)).toBe(whole(text));
    }
  });

  it('treats special-token text as text instead of throwing', () => {
    expect(() => countTokens('say <|endoftext|>')).toThrow();
    expect(countText('say <|endoftext|>')).toBe(whole('say <|endoftext|>'));
  });

  it('cuts only where no piece continues', () => {
    const cuts = (text: string) => [...text].map((_, i) => i).filter((i) => i > 0 && isCleanCut(text, i));
    expect(cuts('ab cd')).toEqual([2]);
    expect(cuts("don't 42x")).toEqual([5, 8]);
    expect(cuts('end.\nNext')).toEqual([3, 5]);
    expect(cuts('a  b')).toEqual([1]);
    expect(cuts('中文，中')).toEqual([2]);
  });

  it('counts one long word, a CJK run or a blank stretch in linear time', () => {
    // Whole, 64k of one letter took 2.4 s (quadratic); in runs it takes a few milliseconds.
    const started = performance.now();
    const word = unbounded('a'.repeat(64 * 1024));
    const blank = unbounded(' '.repeat(64 * 1024));
    const cjk = unbounded('中文字符测试汉字'.repeat(8 * 1024));
    expect(performance.now() - started).toBeLessThan(2000);
    // Sliced where no clean cut exists: within a token a slice of the whole count.
    expect(word).toBe((64 * 1024) / 8);
    expect(blank).toBeGreaterThan(0);
    expect(cjk).toBeGreaterThan(32 * 1024);
  });

  it.each([
    ['1 MB of one word', () => 'a'.repeat(MB)],
    ['1 MB of CJK', () => '中文字符测试汉字'.repeat(MB / 8)],
    ['1 MB of emoji', () => '😀'.repeat(MB / 2)],
    ['10 MB of spaced words', () => 'gateway quota token channel '.repeat((10 * MB) / 28)],
  ])('answers %s within its time bound, estimating the rest', (_name, make) => {
    const text = make();
    const started = performance.now();
    const tokens = countText(text);
    // 15 ms of counting plus one run idle; 317 ms once beside a full test run on two cores. Unbounded counting
    // took seconds (10 MB of words, idle) to hours on these texts, so a second still tells the two apart.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(tokens).toBeGreaterThan(text.length / 16);
  });

  it('estimates past its budget at the rate it measured', () => {
    const text = `${'plain words '.repeat(40)}${'中'.repeat(1000)}`;
    const counter = new TokenCounter(0, 0);
    // The first run is counted; the rest (all of the CJK) goes at the rate of plain words.
    const first = runEnd(text, 0);
    const counted = whole(text.slice(0, first));
    const estimated = counter.count(text);
    expect(estimated).toBe(counted + Math.ceil(((text.length - first) * counted) / first));
    expect(estimated).toBeLessThan(whole(text));
    // The budget is the call's: a later text of the same call is estimated at once.
    expect(counter.count('twelve chars')).toBe(Math.ceil((12 * counted) / first));
  });

  it('counts the first characters of a call exactly whatever the budget', () => {
    const text = 'A short prompt, billed alike on a busy host and an idle one. '.repeat(60);
    expect(text.length).toBeLessThan(4_096);
    expect(new TokenCounter(0).count(text)).toBe(whole(text));
  });

  it('counts the texts of one call under one budget', () => {
    expect(countTexts(['one two', '', 'three'])).toBe(whole('one two') + whole('three'));
  });
});
