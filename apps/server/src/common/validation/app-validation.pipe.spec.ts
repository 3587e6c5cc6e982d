import { IsString } from 'class-validator';
import { AppError } from '../errors/app-error';
import { AppValidationPipe, nulCharacterPath } from './app-validation.pipe';
import { OptionalText } from './validation.decorators';

class Form {
  @IsString()
  name: string;

  @OptionalText(10)
  note?: string;
}

const pipe = new AppValidationPipe();
const body = { type: 'body' as const, metatype: Form };

async function codeOf(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

describe('NUL characters in console input', () => {
  it('names the first string, key or element that holds one', () => {
    expect(nulCharacterPath({ a: 'x', b: ['y', { c: 1 }] }, '')).toBeNull();
    expect(nulCharacterPath({ a: 'x\0' }, '')).toBe('a');
    expect(nulCharacterPath({ channel: { tag: 'a\0b' } }, '')).toBe('channel.tag');
    expect(nulCharacterPath({ ids: [1, '\0'] }, '')).toBe('ids[1]');
    expect(nulCharacterPath({ 'k\0': 1 }, '')).toBe('k\0');
    expect(nulCharacterPath('12\0', 'id')).toBe('id');
  });

  it('refuses a DTO input holding one, on any field, known or not', async () => {
    expect(await codeOf(pipe.transform({ name: 'a\0' }, body))).toBe('nul_character');
    expect(await codeOf(pipe.transform({ name: 'a', unknown: '\0' }, body))).toBe('nul_character');
    expect(await pipe.transform({ name: 'a', unknown: 'b' }, body)).toEqual({ name: 'a' });
  });

  it('leaves untyped input (the playground relays a chat body as it came) to its handler', async () => {
    const raw = { messages: [{ content: 'a\0' }] };
    expect(await pipe.transform(raw, { type: 'body', metatype: Object })).toBe(raw);
  });
});

describe('null in console input', () => {
  it('is refused with a message that says so', async () => {
    const error = await pipe.transform({ name: 'a', note: null }, body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).definition).toMatchObject({
      en: 'note must not be null',
      zh: 'note 不能为 null',
    });
  });
});
