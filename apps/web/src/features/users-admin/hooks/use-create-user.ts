import { useTranslation } from 'react-i18next';
import { useListMutation } from '../../../shared/hooks/use-list-mutation';
import { createUser } from '../api';
import { toCreateRequest, type AddUserValues } from '../user-form';
import { USERS_KEY } from './use-users';

export function useCreateUser(onCreated: () => void) {
  const { t } = useTranslation();
  const mutation = useListMutation(
    USERS_KEY,
    (values: AddUserValues) => createUser(toCreateRequest(values)),
    () => t('usersAdmin.messages.created'),
    onCreated,
  );
  return { save: (values: AddUserValues) => mutation.mutate(values), isSaving: mutation.isPending };
}
