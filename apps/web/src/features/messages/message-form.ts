import type {
  AdminMessage,
  CreateMessageRequest,
  MessageFormat,
  UpdateMessageRequest,
} from '@tollgate/contracts';

export type Audience = 'users' | 'all';

export interface MessageFormValues {
  title: string;
  format: MessageFormat;
  content: string;
  audience: Audience;
  user_ids: number[];
}

export const NEW_MESSAGE_VALUES: MessageFormValues = {
  title: '',
  format: 'markdown',
  content: '',
  audience: 'users',
  user_ids: [],
};

export const messageToValues = (message: AdminMessage): MessageFormValues => ({
  ...NEW_MESSAGE_VALUES,
  title: message.title,
  format: message.format,
  content: message.content,
});

export const toCreateRequest = (values: MessageFormValues): CreateMessageRequest => ({
  title: values.title.trim(),
  content: values.content,
  format: values.format,
  ...(values.audience === 'all' ? { all_users: true } : { user_ids: values.user_ids }),
});

export const toUpdateRequest = (values: MessageFormValues): UpdateMessageRequest => ({
  title: values.title.trim(),
  content: values.content,
  format: values.format,
});
