import { CLAUDE_CODEC } from './claude-codec';

const PNG = 'iVBORw0KGgo=';

describe('CLAUDE_CODEC.requestToPivot (Claude → OpenAI chat)', () => {
  it('maps system, tool use and tool results, images and documents; drops thinking', () => {
    const pivot = CLAUDE_CODEC.requestToPivot(
      {
        model: 'ignored',
        system: [
          { type: 'text', text: 'You are terse.' },
          { type: 'text', text: 'Use tools.', cache_control: { type: 'ephemeral' } },
        ],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
              { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
              {
                type: 'document',
                source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
              },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'hmm', signature: 'sig' },
              { type: 'text', text: 'Checking.' },
              { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: '18°C' }] },
              { type: 'text', text: 'And Rome?' },
            ],
          },
        ],
        max_tokens: 1024,
        stop_sequences: ['STOP'],
        temperature: 0.5,
        top_k: 5,
        metadata: { user_id: 'u-9' },
        tools: [
          { name: 'weather', description: 'Weather', input_schema: { type: 'object', properties: {} } },
          { type: 'web_search_20250305', name: 'web_search' },
        ],
        tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      },
      'claude-sonnet-4-5',
      true,
    );
    expect(pivot).toEqual({
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'system', content: 'You are terse.\nUse tools.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
            { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=' } },
          ],
        },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [
            { id: 'toolu_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'toolu_1', content: '18°C' },
        { role: 'user', content: 'And Rome?' },
      ],
      max_tokens: 1024,
      stop: ['STOP'],
      temperature: 0.5,
      user: 'u-9',
      tools: [
        {
          type: 'function',
          function: {
            name: 'weather',
            description: 'Weather',
            parameters: { type: 'object', properties: {} },
          },
        },
      ],
      tool_choice: 'auto',
      parallel_tool_calls: false,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it.each([
    [{ type: 'any' }, 'required'],
    [{ type: 'none' }, 'none'],
    [
      { type: 'tool', name: 'weather' },
      { type: 'function', function: { name: 'weather' } },
    ],
  ])('maps tool_choice %j', (choice, expected) => {
    const tools = [{ name: 'weather', input_schema: { type: 'object' } }];
    const pivot = CLAUDE_CODEC.requestToPivot({ messages: [], tools, tool_choice: choice }, 'm', false);
    expect(pivot.tool_choice).toEqual(expected);
    expect(pivot).not.toHaveProperty('stream');
  });
});

describe('request round trips', () => {
  const pivot = {
    model: 'claude-3-5-sonnet-20241022',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
      { role: 'assistant', content: 'It is 18°C.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'And this?' },
          { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${PNG}` } },
        ],
      },
    ],
    max_tokens: 512,
    temperature: 0.3,
    stop: ['END'],
    tools: [
      {
        type: 'function',
        function: { name: 'weather', description: 'Weather', parameters: { type: 'object', properties: {} } },
      },
    ],
    tool_choice: { type: 'function', function: { name: 'weather' } },
    stream: true,
    stream_options: { include_usage: true },
  };

  it('pivot → Claude → pivot keeps messages, tools, limits and stream', () => {
    const claude = CLAUDE_CODEC.requestFromPivot(pivot);
    expect(CLAUDE_CODEC.requestToPivot(claude, pivot.model, true)).toEqual(pivot);
  });

  it('Claude → pivot → Claude keeps the body', () => {
    const claude = CLAUDE_CODEC.requestFromPivot(pivot);
    const again = CLAUDE_CODEC.requestFromPivot(CLAUDE_CODEC.requestToPivot(claude, pivot.model, true));
    expect(again).toEqual(claude);
  });
});
