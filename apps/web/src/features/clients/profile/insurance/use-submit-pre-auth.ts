import type { Path, UseFormSetError } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { fieldOf } from '../lib/failure-message';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useSavePreAuth } from './api/authorizations';
import type { PreAuth } from './api/types';
import { preAuthFormProblems, preAuthInputOf, type PreAuthFormValues } from './authorization-forms';
import { INSURANCE_MESSAGES } from './messages';

/** The fields a server refusal may name that the pre-authorization form shows. */
const FIELDS = new Set([
  'authNumber',
  'authDate',
  'startDate',
  'endDate',
  'visitsAuthorized',
  'cptCodes',
  'notes',
]);

/**
 * Saves the pre-authorization form: the form's own problems first, then the server's
 * answer; a refusal naming a field of the form shows on that field.
 */
export function useSubmitPreAuth({
  patientId,
  insuranceId,
  preAuth,
  setError,
  onSaved,
}: {
  patientId: number;
  insuranceId: number;
  preAuth: PreAuth | null;
  setError: UseFormSetError<PreAuthFormValues>;
  onSaved: () => void;
}) {
  const save = useSavePreAuth(patientId, insuranceId);
  const feedback = useSaveFeedback();

  const submit = async (values: PreAuthFormValues) => {
    const problems = preAuthFormProblems(values);
    for (const problem of problems) {
      setError(problem.field as Path<PreAuthFormValues>, { message: problem.message });
    }
    if (problems.length > 0) return;
    try {
      feedback.saved(
        await save.mutateAsync(preAuthInputOf(values, preAuth?.authId)),
        INSURANCE_MESSAGES.preAuthSaved,
      );
      onSaved();
    } catch (error) {
      feedback.failed(
        preAuth ? INSURANCE_MESSAGES.savePreAuth : INSURANCE_MESSAGES.addPreAuth,
        error,
      );
      const field = fieldOf(error);
      if (field && FIELDS.has(field)) {
        setError(field as Path<PreAuthFormValues>, { message: errorMessage(error) });
      }
    }
  };

  return { submit, saving: save.isPending };
}
