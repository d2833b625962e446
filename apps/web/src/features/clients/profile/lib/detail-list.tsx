import Button from '@mui/material/Button';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import type { DetailAction } from './detail-row';
import { contactDetailMessage, type ContactDetailKind } from './messages';
import { useSaveFeedback } from './use-save-feedback';

/** A one-click change of an entry (e.g. 'Make default'); its accessible name names the entry. */
export interface QuickAction {
  label: string;
  /** Defaults to the label followed by the entry's name. */
  ariaLabel?: string;
  run: () => void;
}

/** Edit, the one-click changes that apply, then Delete: each names the entry for screen readers. */
export function detailActions(
  name: string,
  { edit, quick = [], remove }: { edit: () => void; quick?: QuickAction[]; remove: () => void },
): DetailAction[] {
  return [
    { label: 'Edit', ariaLabel: `Edit ${name}`, onClick: edit },
    ...quick.map((action) => ({
      label: action.label,
      ariaLabel: action.ariaLabel ?? `${action.label} ${name}`,
      onClick: action.run,
    })),
    { label: 'Delete', ariaLabel: `Delete ${name}`, color: 'error', onClick: remove },
  ];
}

/** Asks before deleting an entry, then deletes it; a failure says so in a toast. */
export function useConfirmedDelete<T>(
  kind: ContactDetailKind,
  question: { title: string; describe: (item: T) => string },
  remove: (item: T) => Promise<unknown>,
) {
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  return async (item: T) => {
    const confirmed = await confirm({
      title: question.title,
      message: question.describe(item),
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove(item);
    } catch (error) {
      feedback.failed(contactDetailMessage('delete', kind), error);
    }
  };
}

/** Saves a one-click change of an entry with the usual toasts. */
export function useQuickSave<T>(
  kind: ContactDetailKind,
  save: (input: T) => Promise<{ status: string }>,
) {
  const feedback = useSaveFeedback();
  return async (input: T) => {
    try {
      feedback.saved(await save(input));
    } catch (error) {
      feedback.failed(contactDetailMessage('save', kind), error);
    }
  };
}

/** The button under a list that opens the dialog for a new entry. */
export function AddDetailButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={onClick}>
      {label}
    </Button>
  );
}
