/** Strings of the console's frame (the header and side menu keep theirs under `header` and `menu`). */
export const layoutZh = {
  // The administrators' warning that some queue holds jobs and no worker process consumes it.
  queueBacklog: {
    title: '没有 worker 在处理以下队列，任务正在积压：{{queues}}',
    queue: '{{queue}}（{{counts}}）',
    waiting: '{{n}} 个等待',
    delayed: '{{n}} 个延后',
    countSeparator: '，',
    queueSeparator: '；',
  },
};

export const layoutEn: typeof layoutZh = {
  queueBacklog: {
    title: 'No worker is consuming these queues; jobs are piling up: {{queues}}',
    queue: '{{queue}} ({{counts}})',
    waiting: '{{n}} waiting',
    delayed: '{{n}} delayed',
    countSeparator: ', ',
    queueSeparator: '; ',
  },
};
