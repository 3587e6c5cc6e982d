import { AppError } from '../../../common/errors/app-error';
import { playgroundRequest } from './playground-request';

describe('playgroundRequest', () => {
  it('takes the group out of the chat body, trimmed', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    expect(playgroundRequest({ model: 'm', messages, group: ' vip ', stream: true })).toEqual({
      group: 'vip',
      chatBody: { model: 'm', messages, stream: true },
    });
  });

  it("means the user's own group when none (or null) is given", () => {
    expect(playgroundRequest({ model: 'm' }).group).toBe('');
    expect(playgroundRequest({ model: 'm', group: null })).toEqual({ group: '', chatBody: { model: 'm' } });
  });

  it('drops the console\'s "no limit" max_tokens but keeps a real one', () => {
    expect(playgroundRequest({ model: 'm', max_tokens: 0 }).chatBody).toEqual({ model: 'm' });
    expect(playgroundRequest({ model: 'm', max_tokens: 64 }).chatBody).toEqual({
      model: 'm',
      max_tokens: 64,
    });
  });

  it('refuses a group that is not a string', () => {
    let error: unknown;
    try {
      playgroundRequest({ model: 'm', group: 3 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_text_request');
  });

  it('leaves a body that is not an object to the relay to refuse', () => {
    expect(playgroundRequest('text')).toEqual({ group: '', chatBody: 'text' });
  });
});
