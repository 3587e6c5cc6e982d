/** Channel tests, balances and model fetching (Chinese is the source of the shape). */
export const channelOpsZh = {
  test: '测试',
  updateBalance: '更新余额',
  testAll: '测试所有渠道',
  updateAllBalances: '更新所有已启用渠道余额',
  testDialog: {
    title: '测试渠道 {{name}}',
    model: '测试模型',
    modelPlaceholder: '选择要测试的模型',
    ok: '测试',
    cancel: '取消',
  },
  progress: {
    test: '渠道测试',
    balance: '余额更新',
    counts: '{{done}}/{{total}}：成功 {{succeeded}}，失败 {{failed}}，跳过 {{skipped}}',
    running: '进行中',
    finished: '已完成',
    waitingForWorker: '等待后台任务进程（worker）：当前没有在运行的 worker',
  },
  messages: {
    tested: '渠道 {{name}} 测试成功，耗时 {{time}} 秒',
    balanceUpdated: '渠道 {{name}} 余额更新成功：{{balance}}',
    runStarted: '已开始，请稍候查看进度',
    modelsFetched: '已获取 {{count}} 个模型',
    keyRequired: '请填写密钥',
  },
  fetchModels: '获取模型列表',
};

export const channelOpsEn: typeof channelOpsZh = {
  test: 'Test',
  updateBalance: 'Update balance',
  testAll: 'Test all channels',
  updateAllBalances: 'Update balances of enabled channels',
  testDialog: {
    title: 'Test channel {{name}}',
    model: 'Model to test',
    modelPlaceholder: 'Select the model to test',
    ok: 'Test',
    cancel: 'Cancel',
  },
  progress: {
    test: 'Channel test',
    balance: 'Balance update',
    counts: '{{done}}/{{total}}: {{succeeded}} succeeded, {{failed}} failed, {{skipped}} skipped',
    running: 'Running',
    finished: 'Finished',
    waitingForWorker: 'Waiting for a worker: no worker process is running',
  },
  messages: {
    tested: 'Channel {{name}} tested successfully in {{time}} s',
    balanceUpdated: 'Balance of channel {{name}} updated: {{balance}}',
    runStarted: 'Started; the progress shows below',
    modelsFetched: '{{count}} models fetched',
    keyRequired: 'Please enter the key',
  },
  fetchModels: 'Fetch models',
};
