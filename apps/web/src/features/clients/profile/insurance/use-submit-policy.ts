import { INSURANCE_TYPE_LABELS } from '@openpractice/domain';
import type { Path, UseFormSetError } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { fieldOf } from '../lib/failure-message';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useSavePolicy } from './api/insurance';
import type { InsurancePolicy } from './api/types';
import { INSURANCE_MESSAGES } from './messages';
import { policyFormProblems, policyInputOf, type PolicyFormValues } from './policy-form';

/** The fields a server refusal may name that the policy form shows. */
const FORM_FIELDS = new Set<string>([
  'insuranceType',
  'companyId',
  'insuranceNumber',
  'groupNumber',
  'startDate',
  'endDate',
  'insuredFirstName',
  'insuredLastName',
  'insuredDob',
]);

/**
 * Saves the policy form: the form's own problems first, then the server's answer, saying
 * when saving made the earlier current policy of the type no longer current. A refusal
 * naming a field of the form shows on that field.
 */
export function useSubmitPolicy({
  patientId,
  policy,
  setError,
  onSaved,
}: {
  patientId: number;
  policy: InsurancePolicy | null;
  setError: UseFormSetError<PolicyFormValues>;
  onSaved: () => void;
}) {
  const save = useSavePolicy(patientId);
  const feedback = useSaveFeedback();
  const failure = policy ? INSURANCE_MESSAGES.save : INSURANCE_MESSAGES.add;

  const submit = async (values: PolicyFormValues) => {
    const problems = policyFormProblems(values, new Date());
    for (const problem of problems) {
      setError(problem.field as Path<PolicyFormValues>, { message: problem.message });
    }
    if (problems.length > 0) return;
    try {
      const result = await save.mutateAsync(policyInputOf(values, policy?.insuranceId));
      const replaced = result.status === 'saved' && result.noLongerCurrent.length > 0;
      feedback.saved(
        result,
        replaced
          ? `${INSURANCE_MESSAGES.saved} The earlier current ${INSURANCE_TYPE_LABELS[values.insuranceType].toLowerCase()} policy is no longer current.`
          : INSURANCE_MESSAGES.saved,
      );
      onSaved();
    } catch (error) {
      feedback.failed(failure, error);
      const field = fieldOf(error);
      if (field && FORM_FIELDS.has(field)) {
        setError(field as Path<PolicyFormValues>, { message: errorMessage(error) });
      }
    }
  };

  return { submit, saving: save.isPending };
}
