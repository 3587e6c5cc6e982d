import type { Token } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { useRecordEditor, type EditTarget } from '../../../shared/hooks/use-record-editor';
import { createTokens, fetchToken, updateToken } from '../api';
import { valuesToFields, type TokenFormValues } from '../token-form';
import { TOKENS_KEY } from './use-tokens';

/** Creates tokens (with copies) or updates one; an update answers the one token it saved. */
async function writeTokens(values: TokenFormValues, editId: number | null): Promise<Token[]> {
  const fields = valuesToFields(values);
  if (editId !== null) return [await updateToken({ id: editId, ...fields })];
  return createTokens({ ...fields, quantity: values.quantity ?? 1 });
}

/** Loads the token being edited fresh from the server and saves the drawer (create with copies, or update). */
export function useTokenEditor(target: EditTarget | null, onSaved: () => void) {
  const { t } = useTranslation();
  return useRecordEditor(target, onSaved, {
    listKey: TOKENS_KEY,
    fetchOne: fetchToken,
    write: writeTokens,
    savedText: (saved, editId) => {
      if (editId !== null) return t('tokens.messages.updated');
      return saved.length > 1
        ? t('tokens.messages.createdMany', { count: saved.length })
        : t('tokens.messages.created');
    },
  });
}
