import type { ReactNode } from 'react';

export type ConfirmColor = 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** Default 'OK'. */
  confirmText?: string;
  /** Default 'Cancel'. */
  cancelText?: string;
  /** The confirm button's colour; default 'info'. */
  color?: ConfirmColor;
  /** The confirm button stays disabled until exactly this is typed ('Type {phrase} to confirm'). */
  requirePhrase?: string;
  /** Runs on confirm with both buttons disabled; the dialog closes when it finishes. */
  onConfirm?: () => Promise<void> | void;
  /** Runs on cancel, the same way. */
  onCancel?: () => Promise<void> | void;
}

export interface ConfirmRequest {
  id: number;
  options: ConfirmOptions;
}

interface Pending extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * The confirm dialogs waiting to be answered, one shown at a time. `open`
 * answers true when confirmed (after `onConfirm` finished), false when
 * cancelled, and rejects with the error when `onConfirm` or `onCancel` fails.
 */
export function createConfirmStore() {
  let queue: Pending[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();

  function emit(): void {
    for (const listener of listeners) listener();
  }

  function take(id: number): Pending | undefined {
    const found = queue.find((p) => p.id === id);
    if (found) {
      queue = queue.filter((p) => p.id !== id);
      emit();
    }
    return found;
  }

  return {
    /** The dialog to show now, or null. */
    getCurrent: (): ConfirmRequest | null => queue[0] ?? null,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    open(options: ConfirmOptions): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        queue = [...queue, { id: nextId++, options, resolve, reject }];
        emit();
      });
    },
    answer(id: number, confirmed: boolean): void {
      take(id)?.resolve(confirmed);
    },
    fail(id: number, error: unknown): void {
      take(id)?.reject(error);
    },
  };
}

export type ConfirmStore = ReturnType<typeof createConfirmStore>;

/** The app's one store; the host in `FeedbackServices` shows its dialogs. */
export const confirmStore = createConfirmStore();
