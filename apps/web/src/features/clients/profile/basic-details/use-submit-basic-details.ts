import type { UseFormSetError } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { useUpdateBasicDetails } from '../api/profile';
import { changedFields } from '../lib/changed-fields';
import { fieldOf } from '../lib/failure-message';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { basicDetailsInput, type BasicDetailsValues } from './basic-details-values';

/**
 * Saves the fields that really changed from `initial` (nothing changed: says so); a refusal
 * naming one of the form's fields shows on that field.
 */
export function useSubmitBasicDetails(
  patientId: number,
  initial: BasicDetailsValues,
  setError: UseFormSetError<BasicDetailsValues>,
) {
  const save = useUpdateBasicDetails(patientId);
  const feedback = useSaveFeedback();

  const submit = async (values: BasicDetailsValues) => {
    const fields = changedFields(initial, values);
    if (fields.length === 0) {
      feedback.notify.info(MESSAGES.noChanges);
      return;
    }
    try {
      feedback.saved(await save.mutateAsync(basicDetailsInput(values, fields)));
    } catch (error) {
      feedback.failed(MESSAGES.savePersonal, error);
      const field = fieldOf(error);
      if (field !== undefined && field in initial) {
        setError(field as keyof BasicDetailsValues, { message: errorMessage(error) });
      }
    }
  };

  return { submit, saving: save.isPending };
}
