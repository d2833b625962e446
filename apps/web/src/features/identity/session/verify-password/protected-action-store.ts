export type ProtectedAction = () => Promise<void> | void;

interface Pending {
  action: ProtectedAction;
  resolve: (ran: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Actions waiting for the user to verify their password. The Verify Password
 * dialog shows while any wait; one successful verification runs them all.
 */
export function createProtectedActionStore() {
  let pending: Pending[] = [];
  /** Counts openings, so each opening of the dialog starts afresh. */
  let opening = 0;
  const listeners = new Set<() => void>();

  function emit(): void {
    for (const listener of listeners) listener();
  }

  function takeAll(): Pending[] {
    const taken = pending;
    pending = [];
    emit();
    return taken;
  }

  return {
    /** 0 while nothing waits, else the number of the current opening. */
    getOpening: (): number => (pending.length > 0 ? opening : 0),
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Waits for verification; answers whether the action ran (rejects if it threw). */
    request(action: ProtectedAction): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        if (pending.length === 0) opening += 1;
        pending = [...pending, { action, resolve, reject }];
        emit();
      });
    },
    /** The password was verified: closes the dialog and runs the waiting actions in order. */
    async succeed(): Promise<void> {
      for (const { action, resolve, reject } of takeAll()) {
        try {
          await action();
          resolve(true);
        } catch (error) {
          reject(error);
        }
      }
    },
    /** The user cancelled: closes the dialog; no action runs. */
    cancel(): void {
      for (const { resolve } of takeAll()) resolve(false);
    },
  };
}

export type ProtectedActionStore = ReturnType<typeof createProtectedActionStore>;

/** The app's one store; the dialog host in `SessionServices` shows it. */
export const protectedActionStore = createProtectedActionStore();
