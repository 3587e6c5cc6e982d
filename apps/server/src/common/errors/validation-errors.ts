import { type ValidationError } from 'class-validator';
import { AppError } from './app-error';

// class-validator speaks English only; the console needs both languages, so constraints are named here.
const CONSTRAINT_TEXT: Record<string, { en: string; zh: string }> = {
  notNull: { en: '{field} must not be null', zh: '{field} 不能为 null' },
  isDefined: { en: '{field} is required', zh: '{field} 不能为空' },
  isNotEmpty: { en: '{field} must not be empty', zh: '{field} 不能为空' },
  isString: { en: '{field} must be text', zh: '{field} 必须是字符串' },
  isBoolean: { en: '{field} must be true or false', zh: '{field} 必须是布尔值' },
  isInt: { en: '{field} must be an integer', zh: '{field} 必须是整数' },
  isNumber: { en: '{field} must be a number', zh: '{field} 必须是数字' },
  min: { en: '{field} is too small', zh: '{field} 过小' },
  max: { en: '{field} is too large', zh: '{field} 过大' },
  minLength: { en: '{field} is too short', zh: '{field} 长度过短' },
  maxLength: { en: '{field} is too long', zh: '{field} 长度过长' },
  isLength: { en: '{field} has an invalid length', zh: '{field} 长度不合法' },
  isEmail: { en: '{field} must be an email address', zh: '{field} 必须是邮箱地址' },
  isIn: { en: '{field} has an unsupported value', zh: '{field} 的取值不受支持' },
  whitelistValidation: { en: '{field} is not accepted', zh: '不接受字段 {field}' },
};
const FALLBACK = { en: '{field} is invalid', zh: '{field} 不合法' };

function flatten(errors: ValidationError[], parent = ''): Array<{ field: string; constraint: string }> {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const broken = Object.keys(error.constraints ?? {});
    // A null breaks every rule of its field; the answer says what it is instead of naming the first rule.
    const own = (error.value === null && broken.length > 0 ? ['notNull'] : broken).map((constraint) => ({
      field,
      constraint,
    }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** Turns ValidationPipe failures into one localised business error naming each bad field once. */
export function validationError(errors: ValidationError[]): AppError {
  const seen = new Set<string>();
  const first = flatten(errors).filter(({ field }) => !seen.has(field) && seen.add(field));
  const render = (lang: 'en' | 'zh') =>
    first.map(({ field, constraint }) =>
      (CONSTRAINT_TEXT[constraint] ?? FALLBACK)[lang].replace('{field}', field),
    );
  return new AppError(
    { kind: 'business', en: render('en').join('; '), zh: render('zh').join('；') },
    'invalid_input',
  );
}
