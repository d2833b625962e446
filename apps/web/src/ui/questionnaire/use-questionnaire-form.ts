import type { FormAnswers, Questionnaire } from '@openpractice/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';

import { questionnaireProblems } from './schema';
import { enabledAnswers, keysByLinkId, valuesOf, type QuestionnaireValues } from './values';

export type QuestionnaireFormApi = {
  form: UseFormReturn<QuestionnaireValues>;
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
};

/**
 * A react-hook-form form over a questionnaire. Typing is never blocked: values are checked
 * for their type as they change, and for required answers only when submitting.
 */
export function useQuestionnaireForm(
  questionnaire: Questionnaire,
  saved: FormAnswers,
): QuestionnaireFormApi {
  // Submitting switches the resolver to also check required items; a ref so the resolver
  // (and the form) is not rebuilt.
  const submitting = useRef(false);
  const resolver = useMemo<Resolver<QuestionnaireValues>>(
    () => (values) => {
      const problems = questionnaireProblems(questionnaire, values, {
        forSubmit: submitting.current,
      });
      if (problems.size === 0) return { values, errors: {} };
      const errors: FieldErrors<QuestionnaireValues> = {};
      for (const [key, message] of problems) errors[key] = { type: 'validate', message };
      return { values: {}, errors };
    },
    [questionnaire],
  );
  const form = useForm<QuestionnaireValues>({
    defaultValues: valuesOf(questionnaire, saved),
    resolver,
    mode: 'onChange',
    shouldFocusError: true,
  });
  const keys = useMemo(() => keysByLinkId(questionnaire), [questionnaire]);

  const answers = useCallback(
    () => enabledAnswers(questionnaire, form.getValues()),
    [questionnaire, form],
  );
  const validateForSubmit = useCallback(async () => {
    submitting.current = true;
    try {
      return await form.trigger(undefined, { shouldFocus: true });
    } finally {
      submitting.current = false;
    }
  }, [form]);
  const showServerError = useCallback(
    (field: string | undefined, message: string) => {
      const linkId = field?.startsWith('answers.') ? field.slice('answers.'.length) : undefined;
      const key = linkId === undefined ? undefined : keys.get(linkId);
      if (key === undefined) return false;
      form.setError(key, { type: 'server', message }, { shouldFocus: true });
      return true;
    },
    [form, keys],
  );
  const reset = useCallback(
    (answers: FormAnswers) => {
      form.reset(valuesOf(questionnaire, answers));
    },
    [form, questionnaire],
  );
  return { form, answers, validateForSubmit, showServerError, reset };
}
