import type { FormAnswers, Questionnaire } from '@openpractice/domain';
import { useLayoutEffect, useMemo, useState } from 'react';

import { createQuestionnaireControl, type QuestionnaireControl } from './questionnaire-control';
import { questionnaireProblems } from './schema';
import {
  enabledAnswers,
  keyedItems,
  keysByLinkId,
  valuesOf,
  type QuestionnaireValues,
} from './values';

export type QuestionnaireFormApi = {
  /** The form's state, for QuestionnaireForm. */
  control: QuestionnaireControl;
  /** The answers of the items shown, typed as the server takes them. */
  answers: () => FormAnswers;
  /**
   * Checks as for submitting (required items shown are answered), marks each item that fails
   * and focuses the first; true when the answers can be sent.
   */
  validateForSubmit: () => Promise<boolean>;
  /**
   * Puts a server refusal naming an item (`answers.<linkId>`) on that item and focuses it;
   * false when the field names no item of this form (the caller shows the message itself).
   */
  showServerError: (field: string | undefined, message: string) => boolean;
  /** Puts these answers in the form (e.g. answers kept on the device, offered back). */
  reset: (answers: FormAnswers) => void;
  /** Calls back after each change the person makes (not a reset); returns the unsubscribe. */
  onChange: (listener: () => void) => () => void;
};

const checkAsTyped = (questionnaire: Questionnaire) => (values: QuestionnaireValues) =>
  questionnaireProblems(questionnaire, values, { forSubmit: false });

/**
 * A form over a questionnaire. Typing is never blocked: values are checked for their type as
 * they change, and for required answers only when submitting. The API is stable while the
 * questionnaire is, so effects that depend on it do not restart on every render.
 */
export function useQuestionnaireForm(
  questionnaire: Questionnaire,
  saved: FormAnswers,
): QuestionnaireFormApi {
  const [control] = useState(() =>
    createQuestionnaireControl(valuesOf(questionnaire, saved), checkAsTyped(questionnaire)),
  );
  // The builder's preview edits the questionnaire under a live form: changes check the latest.
  useLayoutEffect(() => {
    control.setCheck(checkAsTyped(questionnaire));
  }, [control, questionnaire]);

  return useMemo<QuestionnaireFormApi>(() => {
    const keys = keysByLinkId(questionnaire);
    return {
      control,
      answers: () => enabledAnswers(questionnaire, control.state().values),
      validateForSubmit: async () => {
        const problems = questionnaireProblems(questionnaire, control.state().values, {
          forSubmit: true,
        });
        control.setErrors(Object.fromEntries(problems));
        if (problems.size === 0) return true;
        // The first item in the form that has a problem and is on the page takes the focus.
        keyedItems(questionnaire).some(({ key }) => problems.has(key) && control.focus(key));
        return false;
      },
      showServerError: (field, message) => {
        const linkId = field?.startsWith('answers.') ? field.slice('answers.'.length) : undefined;
        const key = linkId === undefined ? undefined : keys.get(linkId);
        if (key === undefined) return false;
        control.setError(key, message);
        control.focus(key);
        return true;
      },
      reset: (answers) => {
        control.reset(valuesOf(questionnaire, answers));
      },
      onChange: (listener) =>
        control.subscribe((kind) => {
          if (kind === 'change') listener();
        }),
    };
  }, [control, questionnaire]);
}
