import { errorFactory, type ErrorCatalogue } from '../../../common/errors/app-error';

export type PlaygroundErrorCode = 'access_token_not_supported' | 'group_not_usable';

// group_not_usable shares the relay's code (so its 403 and type) with a text that does not speak of a token.
export const PLAYGROUND_ERRORS: ErrorCatalogue<PlaygroundErrorCode> = {
  access_token_not_supported: {
    kind: 'business',
    en: 'The playground does not accept access tokens; sign in to the console',
    zh: '操练场暂不支持使用 access token，请登录控制台使用',
  },
  group_not_usable: {
    kind: 'forbidden',
    en: 'Group {group} is not available to you',
    zh: '您无权使用分组 {group}',
  },
};

export const playgroundError = errorFactory(PLAYGROUND_ERRORS);
