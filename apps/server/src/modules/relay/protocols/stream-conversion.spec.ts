import { JsonArrayFraming } from './stream-conversion';
import { DONE } from './sse';

describe('JsonArrayFraming', () => {
  it('writes events as the elements of one array, closed at the end, without [DONE]', () => {
    const framing = new JsonArrayFraming();
    const written =
      framing.encode({ data: { n: 1 } }) +
      framing.encode({ data: DONE }) +
      framing.encode({ data: { n: 2 } }) +
      framing.close();
    expect(JSON.parse(written)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('is an empty array when nothing came', () => {
    expect(new JsonArrayFraming().close()).toBe('[]');
  });
});
