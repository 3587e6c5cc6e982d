import type { QueryKey } from '@tanstack/react-query';
import { useFreshRecord } from './use-fresh-record';
import { useListMutation } from './use-list-mutation';

/** What a create/edit drawer works on: a new record, or a stored one by id. */
export type EditTarget = { mode: 'create' } | { mode: 'edit'; id: number };

export interface RecordEditorOptions<TRecord, TValues, TSaved> {
  listKey: QueryKey;
  fetchOne: (id: number) => Promise<TRecord>;
  /** Creates (`editId` null) or updates the record from the drawer's values. */
  write: (values: TValues, editId: number | null) => Promise<TSaved>;
  savedText: (saved: TSaved, editId: number | null) => string;
}

/**
 * Loads the record being edited and saves the drawer. `onSaved` runs once the list has reloaded, so the
 * drawer closes onto rows that already show the change.
 */
export function useRecordEditor<TRecord, TValues, TSaved>(
  target: EditTarget | null,
  onSaved: (saved: TSaved) => void,
  { listKey, fetchOne, write, savedText }: RecordEditorOptions<TRecord, TValues, TSaved>,
) {
  const editId = target?.mode === 'edit' ? target.id : null;
  const record = useFreshRecord(listKey, editId, fetchOne);
  const mutation = useListMutation(
    listKey,
    (values: TValues) => write(values, editId),
    (saved) => savedText(saved, editId),
  );

  return {
    ...record,
    // A callback given to mutate() runs after the hook's own onSuccess, which awaits the list reload.
    save: (values: TValues) => mutation.mutate(values, { onSuccess: onSaved }),
    isSaving: mutation.isPending,
  };
}
