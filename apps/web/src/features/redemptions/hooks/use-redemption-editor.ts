import { useTranslation } from 'react-i18next';
import { useRecordEditor, type EditTarget } from '../../../shared/hooks/use-record-editor';
import { createRedemptions, fetchRedemption, updateRedemption } from '../api';
import { toCreateRequest, toUpdateRequest, type RedemptionFormValues } from '../redemption-form';
import { REDEMPTIONS_KEY } from './use-redemptions';

/** Creates a batch of codes (answering them) or updates one code (answering null). */
async function writeRedemptions(
  values: RedemptionFormValues,
  editId: number | null,
): Promise<string[] | null> {
  if (editId === null) return createRedemptions(toCreateRequest(values));
  await updateRedemption(toUpdateRequest(editId, values));
  return null;
}

/**
 * Loads the code being edited and saves the drawer. `onSaved` gets the generated codes after a
 * create (shown once with copy-all) and nothing after an edit.
 */
export function useRedemptionEditor(
  target: EditTarget | null,
  onSaved: (createdCodes: string[] | null) => void,
) {
  const { t } = useTranslation();
  return useRecordEditor(target, onSaved, {
    listKey: REDEMPTIONS_KEY,
    fetchOne: fetchRedemption,
    write: writeRedemptions,
    savedText: (codes) =>
      codes ? t('redemptions.messages.created', { count: codes.length }) : t('redemptions.messages.updated'),
  });
}
