import type { DependentRelationship } from '@openpractice/domain';

import type { EligibilityDefaults, EligibilityPayer, EligibilityRequest } from './api';

/** The Create Report form's values. */
export interface CreateValues {
  payerId: string;
  serviceCode: string;
  therapistId: number | '';
  insured: 'insured' | 'dependent';
  insuredFirstName: string;
  insuredLastName: string;
  insuredRelationship: DependentRelationship;
  insuranceNumber: string;
}

/**
 * The form's first values: the payer, number and insured of the client's
 * default policy (when its payer is offered), the default service type and
 * the client's primary therapist.
 */
export function initialValues(
  defaults: EligibilityDefaults,
  payers: readonly EligibilityPayer[],
  defaultServiceCode: string,
): CreateValues {
  const policy = defaults.policy;
  const payerId = policy?.payerId ?? '';
  const offered = payerId !== '' && payers.some((p) => p.payerId === payerId);
  return {
    payerId: offered ? payerId : '',
    serviceCode: defaultServiceCode,
    therapistId: defaults.therapists[0]?.therapistId ?? '',
    insured: policy?.isDependent ? 'dependent' : 'insured',
    insuredFirstName: policy?.isDependent ? (policy.insuredFirstName ?? '') : '',
    insuredLastName: policy?.isDependent ? (policy.insuredLastName ?? '') : '',
    insuredRelationship: policy?.insuredRelationship ?? 'child',
    insuranceNumber: policy?.insuranceNumber ?? '',
  };
}

/** The request for these values; the default policy is named when its payer is the one chosen. */
export function toRequest(
  patientId: number,
  values: CreateValues,
  defaults: EligibilityDefaults,
): EligibilityRequest {
  const dependent = values.insured === 'dependent';
  const policy = defaults.policy;
  return {
    patientId,
    insuranceId: policy && policy.payerId === values.payerId ? policy.insuranceId : null,
    payerId: values.payerId,
    serviceCode: values.serviceCode,
    therapistId: Number(values.therapistId),
    isDependent: dependent,
    insuredFirstName: dependent ? values.insuredFirstName.trim() : null,
    insuredLastName: dependent ? values.insuredLastName.trim() : null,
    insuredRelationship: dependent ? values.insuredRelationship : null,
    insuranceNumber: values.insuranceNumber.trim(),
  };
}
