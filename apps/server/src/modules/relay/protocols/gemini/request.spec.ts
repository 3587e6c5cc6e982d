import { performance } from 'node:perf_hooks';
import { FOREIGN_SIGNATURE } from './parts';
import { requestFromPivot } from './request-from-pivot';
import { requestToPivot } from './request-to-pivot';

const PNG = 'iVBORw0KGgo=';

describe('Gemini requestFromPivot', () => {
  it('puts system and developer text in systemInstruction and merges consecutive turns of one role', () => {
    const body = requestFromPivot({
      model: 'gemini-2.0-flash',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in French.' }] },
        { role: 'user', content: 'Hello' },
        { role: 'user', content: [{ type: 'text', text: 'again' }] },
        { role: 'assistant', content: 'Bonjour' },
        { role: 'user', content: '' },
        { role: 'user', content: 'Ça va ?' },
      ],
    });
    expect(body).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Answer in French.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Hello' }, { text: 'again' }] },
        { role: 'model', parts: [{ text: 'Bonjour' }] },
        { role: 'user', parts: [{ text: 'Ça va ?' }] },
      ],
    });
  });

  it('sends data-URL images inline, web images as file references with a guessed type, audio inline', () => {
    const body = requestFromPivot({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.webp?size=2' } },
            { type: 'image_url', image_url: { url: 'https://example.com/render' } },
            { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
            { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
          ],
        },
      ],
    });
    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [
          { text: 'Compare' },
          { inlineData: { mimeType: 'image/png', data: PNG } },
          { fileData: { fileUri: 'https://example.com/cat.webp?size=2', mimeType: 'image/webp' } },
          { fileData: { fileUri: 'https://example.com/render', mimeType: 'image/jpeg' } },
          { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } },
          { inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' } },
        ],
      },
    ]);
  });

  it('turns tool calls into signed functionCall parts and tool results into one functionResponse turn', () => {
    const body = requestFromPivot({
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
            {
              id: 'call_b',
              type: 'function',
              function: { name: 'forecast', arguments: '{"city":"Rome"}' },
              extra_content: { google: { thought_signature: 'c2lnLWI=' } },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_a', content: '{"celsius":21}' },
        { role: 'tool', tool_call_id: 'call_b', content: 'sunny' },
      ],
    });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: FOREIGN_SIGNATURE },
          { functionCall: { name: 'forecast', args: { city: 'Rome' } }, thoughtSignature: 'c2lnLWI=' },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'weather', response: { celsius: 21 } } },
          { functionResponse: { name: 'forecast', response: { content: 'sunny' } } },
        ],
      },
    ]);
  });

  it('declares tools with a schema Gemini accepts and maps tool_choice', () => {
    const body = requestFromPivot({
      messages: [{ role: 'user', content: 'x' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'lookup',
            description: 'Find a record',
            strict: true,
            parameters: {
              $schema: 'http://json-schema.org/draft-07/schema#',
              type: 'object',
              additionalProperties: false,
              properties: {
                id: { type: 'string', format: 'uuid', description: 'Record id' },
                when: { type: 'string', format: 'date-time' },
                tags: { type: 'array', items: { type: 'string', additionalProperties: false } },
                note: { type: ['string', 'null'] },
                owner: { $ref: '#/$defs/Person' },
              },
              required: ['id', 'missing'],
              $defs: { Person: { type: 'object', properties: { name: { type: 'string' } } } },
            },
          },
        },
        { type: 'function', function: { name: 'ping', parameters: { type: 'object', properties: {} } } },
      ],
      tool_choice: { type: 'function', function: { name: 'lookup' } },
    });
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'lookup',
            description: 'Find a record',
            parameters: {
              type: 'object',
              properties: {
                id: { type: 'string', description: 'Record id' },
                when: { type: 'string', format: 'date-time' },
                tags: { type: 'array', items: { type: 'string' } },
                note: { type: 'string', nullable: true },
                owner: { type: 'object', properties: { name: { type: 'string' } } },
              },
              required: ['id'],
            },
          },
          { name: 'ping' },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup'] },
    });
    const modes = ['auto', 'none', 'required'].map(
      (choice) => requestFromPivot({ messages: [], tool_choice: choice }).toolConfig,
    );
    expect(modes).toEqual([
      { functionCallingConfig: { mode: 'AUTO' } },
      { functionCallingConfig: { mode: 'NONE' } },
      { functionCallingConfig: { mode: 'ANY' } },
    ]);
  });

  it('maps sampling, length, stop, n, JSON output and reasoning effort into generationConfig', () => {
    const body = requestFromPivot({
      messages: [{ role: 'user', content: 'x' }],
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 100,
      max_completion_tokens: 200,
      stop: 'END',
      n: 2,
      seed: 7,
      presence_penalty: 0.5,
      reasoning_effort: 'low',
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'r',
          strict: true,
          schema: { type: 'object', properties: { a: { type: 'integer' } } },
        },
      },
    });
    expect(body).not.toHaveProperty('model');
    expect(body.generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 200,
      stopSequences: ['END'],
      candidateCount: 2,
      seed: 7,
      presencePenalty: 0.5,
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: { a: { type: 'integer' } } },
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
    });
    const jsonObject = requestFromPivot({
      messages: [],
      response_format: { type: 'json_object' },
      max_tokens: 5,
    });
    expect(jsonObject.generationConfig).toEqual({ maxOutputTokens: 5, responseMimeType: 'application/json' });
    expect(requestFromPivot({ messages: [] })).toEqual({ contents: [] });
  });
});

describe('Gemini requestToPivot', () => {
  it('ties each functionResponse to the first open call with its id, or else its name', () => {
    const call = (name: string, id?: string) => ({ functionCall: { name, id, args: {} } });
    const answer = (name: string, id?: string) => ({
      functionResponse: { name, id, response: { content: name } },
    });
    const pivot = requestToPivot(
      {
        contents: [
          { role: 'model', parts: [call('a'), call('b', 'b-1'), call('a'), call('b', 'b-2')] },
          { role: 'user', parts: [answer('b', 'b-2'), answer('a'), answer('b'), answer('a'), answer('x')] },
        ],
      },
      'gemini-2.5-flash',
      false,
    );
    const ids = (pivot.messages as Array<{ tool_call_id?: string }>).map((message) => message.tool_call_id);
    expect(ids).toEqual([undefined, 'b-2', 'call_0', 'b-1', 'call_1', 'call_2']);
  });

  it('answers many calls in time linear in their number', () => {
    // A scan of the open calls per answer took 8 s for 32,000 calls answered last first.
    const count = 20_000;
    const calls = Array.from({ length: count }, (_, i) => ({
      functionCall: { id: `c${i}`, name: 'f', args: {} },
    }));
    const answers = Array.from({ length: count }, (_, i) => ({
      functionResponse: { id: `c${count - 1 - i}`, name: 'f', response: { content: 'ok' } },
    }));
    const started = performance.now();
    const pivot = requestToPivot(
      {
        contents: [
          { role: 'model', parts: calls },
          { role: 'user', parts: answers },
        ],
      },
      'gemini-2.5-flash',
      false,
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect((pivot.messages as unknown[]).at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'c0' });
  });

  it('reads a generateContent body as an OpenAI chat body, the model and stream taken from the route', () => {
    const pivot = requestToPivot(
      {
        systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Be kind.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'Look: ' }, { inlineData: { mimeType: 'image/png', data: PNG } }] },
          {
            role: 'model',
            parts: [
              { text: 'planning', thought: true },
              { functionCall: { name: 'zoom', args: { level: 2 } }, thoughtSignature: 'c2ln' },
            ],
          },
          { role: 'user', parts: [{ functionResponse: { name: 'zoom', response: { ok: true } } }] },
          { role: 'model', parts: [{ text: 'A cat.' }] },
        ],
        tools: [
          {
            functionDeclarations: [
              {
                name: 'zoom',
                parameters: { type: 'OBJECT', properties: { level: { type: 'INTEGER', nullable: true } } },
              },
            ],
          },
          { googleSearch: {} },
        ],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['zoom'] } },
        generationConfig: {
          temperature: 1,
          maxOutputTokens: 64,
          stopSequences: ['x'],
          candidateCount: 1,
          responseMimeType: 'application/json',
        },
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
      },
      'gemini-2.5-flash',
      true,
    );
    expect(pivot).toEqual({
      model: 'gemini-2.5-flash',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.\nBe kind.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look: ' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_0', type: 'function', function: { name: 'zoom', arguments: '{"level":2}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_0', content: '{"ok":true}' },
        { role: 'assistant', content: 'A cat.' },
      ],
      temperature: 1,
      max_tokens: 64,
      stop: ['x'],
      n: 1,
      response_format: { type: 'json_object' },
      tools: [
        {
          type: 'function',
          function: {
            name: 'zoom',
            parameters: { type: 'object', properties: { level: { type: ['integer', 'null'] } } },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'zoom' } },
    });
  });

  it('round-trips an OpenAI conversation with tools through Gemini and back', () => {
    const original = {
      model: 'm',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'What is 2+2? Use the tool.' },
        {
          role: 'assistant',
          content: 'Calling.',
          tool_calls: [
            { id: 'call_x', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":2}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_x', content: '4' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'And this?' },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${PNG}` } },
          ],
        },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'add',
            description: 'Adds',
            parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
          },
        },
      ],
      tool_choice: 'auto',
      temperature: 0.5,
      max_tokens: 10,
      stop: ['\n\n'],
      response_format: { type: 'json_schema', json_schema: { name: 'response', schema: { type: 'string' } } },
    };
    const back = requestToPivot(requestFromPivot(original), 'm', false);
    expect(back).toEqual({
      ...original,
      messages: original.messages.map((message) =>
        message.role === 'assistant'
          ? { ...message, tool_calls: [{ ...message.tool_calls?.[0], id: 'call_0' }] }
          : message.role === 'tool'
            ? { ...message, tool_call_id: 'call_0' }
            : message,
      ),
    });
  });
});
