import { ChannelType } from '@tollgate/contracts';
import { adapterFor } from '..';
import { testSelection } from '../adapter-testing';
import { AZURE_DEFAULT_API_VERSION } from './azure-adapter';

const selection = (other: string, upstreamModel = 'gpt-4o') =>
  testSelection(
    {
      type: ChannelType.Azure,
      baseUrl: 'https://res-1.openai.azure.com/',
      openaiOrganization: 'org-ignored',
      other,
    },
    'azure-key-1',
    upstreamModel,
  );

describe('AZURE_ADAPTER (channel type 3)', () => {
  it('calls the deployment named after the upstream model, with api-key and the channel API version', () => {
    const built = adapterFor(3).buildRequest({
      endpoint: '/v1/chat/completions',
      selection: selection('2025-01-01-preview', 'gpt-4.1-mini'),
      body: { model: 'gpt-4.1-mini', messages: [], stream: true },
      wantStreamUsage: true,
    });
    expect(built.url).toBe(
      'https://res-1.openai.azure.com/openai/deployments/gpt-4.1-mini/chat/completions?api-version=2025-01-01-preview',
    );
    expect(built.headers).toEqual({ 'content-type': 'application/json', 'api-key': 'azure-key-1' });
    expect(JSON.parse(built.body as string)).toMatchObject({ stream_options: { include_usage: true } });
  });

  it('uses the default API version when the channel sets none, for every deployment endpoint', () => {
    expect(AZURE_DEFAULT_API_VERSION).toBe('2024-12-01-preview');
    const built = adapterFor(3).buildRequest({
      endpoint: '/v1/audio/speech',
      selection: selection('', 'tts'),
      body: { input: 'hi' },
      wantStreamUsage: false,
    });
    expect(built.url).toBe(
      'https://res-1.openai.azure.com/openai/deployments/tts/audio/speech?api-version=2024-12-01-preview',
    );
  });

  it('sends the Responses API to the v1 surface, the deployment in the body', () => {
    const built = adapterFor(3).buildRequest({
      endpoint: '/v1/responses',
      selection: selection('2024-12-01-preview'),
      body: { model: 'asked', input: 'hi' },
      wantStreamUsage: false,
    });
    expect(built.url).toBe('https://res-1.openai.azure.com/openai/v1/responses?api-version=preview');
    expect(JSON.parse(built.body as string)).toEqual({ model: 'gpt-4o', input: 'hi' });
  });
});
