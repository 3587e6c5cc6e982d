import { CLAUDE_CODEC } from './claude-codec';

const PNG = 'iVBORw0KGgo=';

describe('CLAUDE_CODEC.requestFromPivot (OpenAI chat → Claude)', () => {
  it('lifts system and developer messages into `system` and merges same-role runs', () => {
    const body = CLAUDE_CODEC.requestFromPivot({
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
        { role: 'user', content: [{ type: 'text', text: 'again' }] },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in French.' }] },
        { role: 'assistant', content: 'Bonjour' },
      ],
    });
    expect(body).toEqual({
      model: 'claude-sonnet-4-5',
      system: [
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: 'Answer in French.' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Hello' },
            { type: 'text', text: 'again' },
          ],
        },
        { role: 'assistant', content: 'Bonjour' },
      ],
    });
  });

  it('keeps a single system text as a string and carries cache_control on parts', () => {
    const body = CLAUDE_CODEC.requestFromPivot({
      model: 'm',
      messages: [
        { role: 'system', content: 'Only one.' },
        {
          role: 'user',
          content: [{ type: 'text', text: 'long context', cache_control: { type: 'ephemeral' } }],
        },
      ],
    });
    expect(body.system).toBe('Only one.');
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [{ type: 'text', text: 'long context', cache_control: { type: 'ephemeral' } }],
      },
    ]);
  });

  it('turns data: URLs into base64 images, web addresses into url images, and inline PDFs into documents', () => {
    const body = CLAUDE_CODEC.requestFromPivot({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } },
            { type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
            { type: 'input_audio', input_audio: { data: 'AAA', format: 'wav' } },
          ],
        },
      ],
    });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in these?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
        ],
      },
    ]);
  });

  it('maps tool calls to tool_use, tool messages to user tool_result blocks, and the tool definitions', () => {
    const body = CLAUDE_CODEC.requestFromPivot({
      model: 'm',
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'weather', arguments: 'not json' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: '21°C' }] },
        { role: 'user', content: 'Thanks' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'weather',
            description: 'Current weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
        { type: 'function', function: { name: 'now' } },
      ],
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'call_2', name: 'weather', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: '18°C' },
          { type: 'tool_result', tool_use_id: 'call_2', content: [{ type: 'text', text: '21°C' }] },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
    expect(body.tools).toEqual([
      {
        name: 'weather',
        description: 'Current weather',
        input_schema: { type: 'object', properties: { city: { type: 'string' } } },
      },
      { name: 'now', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(body.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
  });

  it.each([
    ['auto', { type: 'auto' }],
    ['none', { type: 'none' }],
    [
      { type: 'function', function: { name: 'weather' } },
      { type: 'tool', name: 'weather' },
    ],
  ])('maps tool_choice %j', (choice, expected) => {
    const tools = [{ type: 'function', function: { name: 'weather' } }];
    const body = CLAUDE_CODEC.requestFromPivot({ model: 'm', messages: [], tools, tool_choice: choice });
    expect(body.tool_choice).toEqual(expected);
  });

  it('maps limits, sampling, stop, stream and user; drops what Claude does not know', () => {
    const body = CLAUDE_CODEC.requestFromPivot({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      max_completion_tokens: 300,
      max_tokens: 100,
      temperature: 0.2,
      top_p: 0.9,
      stop: 'END',
      stream: true,
      stream_options: { include_usage: true },
      user: 'u-1',
      presence_penalty: 1,
      tool_choice: 'auto',
    });
    expect(body).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      max_tokens: 300,
      temperature: 0.2,
      top_p: 0.9,
      stop_sequences: ['END'],
      stream: true,
      metadata: { user_id: 'u-1' },
    });
    expect(
      CLAUDE_CODEC.requestFromPivot({ model: 'm', messages: [], stop: ['a', 'b'] }).stop_sequences,
    ).toEqual(['a', 'b']);
  });
});
