/** Strings of the models tab (settings.models.*): the relay-wide switches, then Gemini, then Claude. */
export const modelsSettingsZh = {
  global: {
    title: '全局设置',
    passThrough: '请求透传',
    passThroughHint:
      '调用方的请求体原样发往上游（不做模型映射改写、参数覆盖或强制 stream_options）；协议需要转换的调用仍会转换，计费不受影响',
    hideUpstreamError: '隐藏上游错误信息',
    hideUpstreamErrorHint:
      '调用方只收到“Upstream error with status code N”这样的通用信息（429 除外），原始错误文本仍记入日志',
    blockExtension: '拦截浏览器扩展请求',
    blockExtensionHint: 'Origin 来自浏览器扩展（如 chrome-extension://）的中继调用以 403 拒绝',
    pingEnabled: '流式保活',
    pingEnabledHint:
      '流式回答期间上游长时间没有输出时，定期向调用方发送 SSE 注释行，避免代理或客户端因空闲断开',
    pingSeconds: '保活间隔',
    pingSecondsHint: '上游静默超过这么久就发送一次保活注释，最少 1 秒，默认 60 秒',
  },
  gemini: {
    title: 'Gemini 设置',
    safety: '安全设置',
    safetyHint:
      '危害类别 → 阈值（如 BLOCK_NONE、OFF）；default 用于未列出的类别。调用方自带 safetySettings 时不覆盖',
    version: '版本设置',
    versionHint: '模型 → API 版本（v1 或 v1beta）；default 用于未列出的模型，渠道的“其他”字段优先',
    imagine: '支持图片生成的模型',
    imagineHint: '这些模型的请求会加上 responseModalities ["TEXT", "IMAGE"]，以便返回图片',
    thinkingAdapter: '启用思考后缀适配',
    thinkingAdapterHint:
      '模型名带 -thinking、-thinking-预算数字 或 -nothinking 后缀时，以原模型调用并相应开启或关闭思考',
    budget: '思考预算占比',
    budgetHint: '-thinking 后缀的思考预算 = 最大输出 tokens × 此占比，范围 0.1 到 1，默认 0.6',
    budgetModels: '支持思考预算的模型',
    budgetModelsHint: '只有这些模型按上面的占比设置思考预算，其他模型只打开思考',
  },
  claude: {
    title: 'Claude 设置',
    headers: '模型请求头',
    headersHint:
      '模型 → 请求头 → 值（数组以逗号连接），替换发往上游的同名请求头，例如为某个模型开启 beta 功能',
    thinkingAdapter: '启用思考适配（-thinking 后缀）',
    thinkingAdapterHint:
      '上游模型名带 -thinking 后缀时，以原模型调用并开启扩展思考；调用方自带 thinking 时保持不变',
    maxTokens: '默认最大 tokens',
    maxTokensHint: '请求未带 max_tokens 时使用：模型自己的值，否则 default 的值（Claude 要求必须提供）',
    budget: '思考预算占比',
    budgetHint: '思考预算 BudgetTokens = MaxTokens × 此占比，范围 0.1 到 1，默认 0.8',
  },
};

export const modelsSettingsEn: typeof modelsSettingsZh = {
  global: {
    title: 'Global',
    passThrough: 'Pass requests through',
    passThroughHint:
      'The caller’s request body goes upstream unchanged (no model-mapping rewrite, parameter overrides or forced stream_options); calls that need a protocol conversion are still converted, and billing is unaffected',
    hideUpstreamError: 'Hide upstream error messages',
    hideUpstreamErrorHint:
      'Callers get a generic “Upstream error with status code N” (429 excepted); the log keeps the provider’s text',
    blockExtension: 'Block browser-extension requests',
    blockExtensionHint:
      'Relay calls whose Origin is a browser extension (such as chrome-extension://) are refused with 403',
    pingEnabled: 'Stream keep-alive',
    pingEnabledHint:
      'While a streamed answer’s upstream is silent, send the caller an SSE comment line now and then, so proxies and clients do not drop the idle connection',
    pingSeconds: 'Keep-alive interval',
    pingSecondsHint:
      'A comment is sent after the upstream has been silent this long; at least 1 second, default 60',
  },
  gemini: {
    title: 'Gemini',
    safety: 'Safety settings',
    safetyHint:
      'Harm category → threshold (such as BLOCK_NONE, OFF); default applies to categories not listed. A caller’s own safetySettings are kept',
    version: 'API versions',
    versionHint:
      'Model → API version (v1 or v1beta); default applies to models not listed. A channel’s “other” field comes first',
    imagine: 'Models that generate images',
    imagineHint: 'Requests to these models ask for responseModalities ["TEXT", "IMAGE"] so images come back',
    thinkingAdapter: 'Thinking suffix adapter',
    thinkingAdapterHint:
      'Model names ending in -thinking, -thinking-<budget> or -nothinking are called as the base model with thinking switched on or off accordingly',
    budget: 'Thinking budget share',
    budgetHint: 'For -thinking: budget = max output tokens × this share; 0.1 to 1, default 0.6',
    budgetModels: 'Models that take a thinking budget',
    budgetModelsHint:
      'Only these models get a budget from the share above; others just have thinking switched on',
  },
  claude: {
    title: 'Claude',
    headers: 'Model request headers',
    headersHint:
      'Model → header → values (an array is joined with commas); replaces those headers upstream, for example to turn on a beta feature for one model',
    thinkingAdapter: 'Thinking adapter (-thinking suffix)',
    thinkingAdapterHint:
      'An upstream model named <model>-thinking is called as <model> with extended thinking on; a caller’s own thinking is kept',
    maxTokens: 'Default max tokens',
    maxTokensHint:
      'Used when a request has no max_tokens (Claude requires one): the model’s own entry, else default',
    budget: 'Thinking budget share',
    budgetHint: 'BudgetTokens = MaxTokens × this share; 0.1 to 1, default 0.8',
  },
};
