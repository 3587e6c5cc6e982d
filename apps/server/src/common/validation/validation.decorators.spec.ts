import { validateSync } from 'class-validator';
import { IsId, IsInt32, IsQuota, Omittable, OptionalText } from './validation.decorators';

class Form {
  @OptionalText(5)
  text?: unknown;

  @Omittable()
  @IsInt32(0)
  count?: unknown;

  @Omittable()
  @IsId({ each: true })
  ids?: unknown;

  @Omittable()
  @IsQuota()
  quota?: unknown;
}

/** The constraints a value of `field` breaks, in the order the answer would name them. */
const broken = (field: keyof Form, value: unknown): string[] => {
  const form = new Form();
  form[field] = value;
  return validateSync(form).flatMap((error) => Object.keys(error.constraints ?? {}));
};

describe('optional text fields', () => {
  it('accepts an absent value and text up to the cap', () => {
    expect(broken('text', undefined)).toEqual([]);
    expect(broken('text', '')).toEqual([]);
    expect(broken('text', 'abcde')).toEqual([]);
    expect(broken('text', 'abcdef')).toEqual(['maxLength']);
  });

  it('names a wrong type before its length', () => {
    expect(broken('text', 42)).toEqual(['isString', 'maxLength']);
  });

  it('refuses null, which services would read as text', () => {
    expect(broken('text', null)).toEqual(['isString', 'maxLength']);
    expect(broken('count', null)).not.toEqual([]);
    expect(broken('quota', null)).not.toEqual([]);
  });
});

describe('number fields', () => {
  it('keeps 32-bit fields and ids within the column type', () => {
    expect(broken('count', 2_147_483_647)).toEqual([]);
    expect(broken('count', 2_147_483_648)).toEqual(['max']);
    expect(broken('count', -1)).toEqual(['min']);
    expect(broken('count', 1.5)).toEqual(['isInt']);
    expect(broken('ids', [1, 2_147_483_647])).toEqual([]);
    expect(broken('ids', [0])).toEqual(['min']);
    expect(broken('ids', [2 ** 53 + 2])).toEqual(['max']);
  });

  it('keeps quotas within the integers JavaScript holds exactly, either sign', () => {
    expect(broken('quota', -Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(broken('quota', Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(broken('quota', 2 ** 63)).toEqual(['max']);
    expect(broken('quota', -(2 ** 63))).toEqual(['min']);
    expect(broken('quota', '5')).toEqual(['isInt', 'min', 'max']);
  });
});
