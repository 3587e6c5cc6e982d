import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type MessageErrorCode =
  'message_not_found' | 'title_required' | 'content_required' | 'recipients_required' | 'recipients_missing';

// Spec 001 §5 Messages and §8 Inbox; 消息不存在 is a business answer so the console can show it and go back.
export const MESSAGE_ERRORS: ErrorCatalogue<MessageErrorCode> = {
  message_not_found: { kind: 'business', en: 'Message not found', zh: '消息不存在' },
  title_required: { kind: 'business', en: 'Please enter the message title', zh: '请输入消息标题' },
  content_required: { kind: 'business', en: 'Please enter the message content', zh: '请输入消息内容' },
  recipients_required: {
    kind: 'business',
    en: 'Please select at least one recipient',
    zh: '请选择至少一个收件人',
  },
  recipients_missing: {
    kind: 'business',
    en: 'Some selected recipients no longer exist; refresh the list and choose again',
    zh: '部分收件人已不存在，请刷新后重新选择',
  },
};

export const messageError = errorFactory(MESSAGE_ERRORS);
