import { confirmStore, type ConfirmOptions } from './confirm-store';

export type { ConfirmColor, ConfirmOptions } from './confirm-store';

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const confirm: Confirm = (options) => confirmStore.open(options);

/**
 * `confirm(options)` shows a confirm dialog (mounted by `FeedbackServices`) and
 * answers true when confirmed, false when cancelled:
 *
 *     const confirm = useConfirm();
 *     if (await confirm({ title: 'Disable the lock?', message: '…', requirePhrase: 'DISABLE' })) save();
 */
export function useConfirm(): Confirm {
  return confirm;
}
