import { useTranslation } from 'react-i18next';
import { useFreshRecord } from '../../../shared/hooks/use-fresh-record';
import { useListMutation } from '../../../shared/hooks/use-list-mutation';
import { fetchUser, updateUser } from '../api';
import { toUpdateRequest, type EditUserValues } from '../user-form';
import { USERS_KEY } from './use-users';

/** Loads the user being edited fresh from the server and saves the edit drawer. */
export function useEditUser(id: number | null, onSaved: () => void) {
  const { t } = useTranslation();
  const user = useFreshRecord(USERS_KEY, id, fetchUser);
  const mutation = useListMutation(
    USERS_KEY,
    (values: EditUserValues) => updateUser(toUpdateRequest(id ?? 0, values)),
    () => t('usersAdmin.messages.updated'),
    onSaved,
  );

  return {
    ...user,
    save: (values: EditUserValues) => mutation.mutate(values),
    isSaving: mutation.isPending,
  };
}
