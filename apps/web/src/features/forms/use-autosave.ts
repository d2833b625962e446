import { useEffect, useRef, useState } from 'react';

import { ApiError } from '../../lib/api-errors';
import type { QuestionnaireFormApi } from '../../ui/questionnaire';
import { useResponseStep } from './api';
import { differs, forgetUnsaved, keepUnsaved } from './unsaved-answers';

/** How long typing pauses before the answers are saved. */
const AUTOSAVE_MS = 1500;
/** After a failed save, when to try again (the answers stay kept on the device meanwhile). */
const RETRY_MS = 15_000;

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saves a form's answers as the person goes: each change is kept in this tab at once, and
 * sent after a pause; the kept copy is forgotten only once the server has those answers, so
 * a network error loses nothing (the page offers the copy back on its next visit).
 */
export function useAutosave(qf: QuestionnaireFormApi, id: number, portal: boolean) {
  const scope = portal ? 'portal' : 'staff';
  const { mutateAsync } = useResponseStep(id, portal);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const save = async () => {
      const answers = qf.answers();
      setSaveState('saving');
      try {
        await mutateAsync({ step: 'save', answers });
        // Forget the kept copy only if nothing changed while the save was on its way.
        if (!differs(answers, qf.answers())) forgetUnsaved(scope, id);
        setSaveState('saved');
      } catch (error) {
        setSaveState('failed');
        if (error instanceof ApiError && error.status === 400) {
          qf.showServerError(error.field, error.message);
        }
        timer.current = setTimeout(() => {
          void save();
        }, RETRY_MS);
      }
    };
    // Only the person's changes (not a reset) start a save.
    const unsubscribe = qf.onChange(() => {
      keepUnsaved(scope, id, qf.answers());
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void save();
      }, AUTOSAVE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [qf, mutateAsync, scope, id]);

  return {
    saveState,
    setSaveState,
    /** Stops a pending save (before submitting, which sends the answers itself). */
    cancel: () => {
      clearTimeout(timer.current);
    },
  };
}
