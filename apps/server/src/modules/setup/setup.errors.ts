import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type SetupErrorCode =
  | 'already_initialised'
  | 'admin_username_required'
  | 'admin_username_too_long'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_mismatch';

export const SETUP_ERRORS: ErrorCatalogue<SetupErrorCode> = {
  already_initialised: {
    kind: 'business',
    en: 'The system has already been initialised',
    zh: '系统已经初始化完成',
  },
  admin_username_required: {
    kind: 'business',
    en: 'Please enter the administrator username',
    zh: '请输入管理员用户名',
  },
  admin_username_too_long: {
    kind: 'business',
    en: 'The username must be at most {max} characters',
    zh: '用户名长度不能超过{max}个字符',
  },
  password_too_short: {
    kind: 'business',
    en: 'The password must be at least {min} characters',
    zh: '密码长度至少为{min}个字符',
  },
  password_too_long: {
    kind: 'business',
    en: 'The password must be at most {max} characters',
    zh: '密码长度不能超过{max}个字符',
  },
  password_mismatch: { kind: 'business', en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
};

export const setupError = errorFactory(SETUP_ERRORS);
