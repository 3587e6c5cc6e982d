import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type TaskErrorCode =
  | 'invalid_action'
  | 'invalid_body'
  | 'prompt_empty'
  | 'invalid_ids'
  | 'task_not_found'
  | 'task_id_required'
  | 'task_not_finished'
  | 'images_required'
  | 'notify_disabled'
  | 'notify_not_signed'
  | 'notify_id_required';

// 'business' is answered 400 on the relay's paths, 'not_found' 404 (openAiErrorAnswer's kind rule).
export const TASK_ERRORS: ErrorCatalogue<TaskErrorCode> = {
  invalid_action: {
    kind: 'business',
    en: 'Unknown action {action}; expected one of {expected}',
    zh: '未知的操作 {action}，应为 {expected} 之一',
  },
  invalid_body: {
    kind: 'business',
    en: 'The request body must be a JSON object',
    zh: '请求体必须是 JSON 对象',
  },
  prompt_empty: {
    kind: 'business',
    en: 'The prompt is empty',
    zh: '提示词为空',
  },
  invalid_ids: {
    kind: 'business',
    en: 'ids must be a list of at most {max} task ids',
    zh: 'ids 必须是最多 {max} 个任务 ID 的列表',
  },
  task_id_required: {
    kind: 'business',
    en: 'taskId (the task to act on) is required',
    zh: '缺少 taskId（要操作的原任务）',
  },
  task_not_finished: {
    kind: 'business',
    en: 'Task {id} has not succeeded yet ({status}); only a finished task can be acted on',
    zh: '任务 {id} 尚未成功（{status}），只能对已完成的任务执行操作',
  },
  images_required: {
    kind: 'business',
    en: 'At least {count} image(s) (base64) are required',
    zh: '至少需要 {count} 张图片（base64）',
  },
  notify_disabled: {
    kind: 'forbidden',
    en: 'Midjourney notify callbacks are turned off (MjNotifyEnabled)',
    zh: 'Midjourney 回调通知未开启（MjNotifyEnabled）',
  },
  notify_not_signed: {
    kind: 'forbidden',
    en: 'This notify address was not issued by this gateway',
    zh: '该回调地址不是本网关签发的',
  },
  notify_id_required: {
    kind: 'business',
    en: 'The notification must be a task object with its id',
    zh: '回调内容必须是带 id 的任务对象',
  },
  task_not_found: {
    kind: 'not_found',
    en: 'Task {id} does not exist',
    zh: '任务 {id} 不存在',
  },
};

export const taskError = errorFactory(TASK_ERRORS);
