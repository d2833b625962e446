import {
  date,
  payerLabel,
  policyProblems,
  type FieldProblem,
  type InsuranceType,
  type InsuredRelationship,
} from '@openpractice/domain';

import { wireText } from '../lib/changed-fields';
import { usDateOf, wireDateOf } from '../lib/dates';
import type { PolicyInput } from './api/insurance';
import type { InsurancePolicy, PracticePayer } from './api/types';

/** The policy dialog's fields as typed: dates MM/DD/YYYY, the payer id as text ('' for none). */
export interface PolicyFormValues {
  insuranceType: InsuranceType;
  companyId: string;
  insuranceNumber: string;
  groupNumber: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
  insuredRelationship: InsuredRelationship;
  insuredFirstName: string;
  insuredLastName: string;
  insuredDob: string;
}

/** The dialog's starting values: the policy's, or a new current policy of `newType`. */
export function policyFormValues(
  policy: InsurancePolicy | null,
  newType: InsuranceType = 'PRIMARY',
): PolicyFormValues {
  return {
    insuranceType: policy?.insuranceType ?? newType,
    companyId: policy?.companyId === null || !policy ? '' : String(policy.companyId),
    insuranceNumber: policy?.insuranceNumber ?? '',
    groupNumber: policy?.groupNumber ?? '',
    startDate: usDateOf(policy?.startDate),
    endDate: usDateOf(policy?.endDate),
    isCurrent: policy?.isCurrent ?? true,
    insuredRelationship: policy?.insuredRelationship ?? 'self',
    insuredFirstName: policy?.insuredFirstName ?? '',
    insuredLastName: policy?.insuredLastName ?? '',
    insuredDob: usDateOf(policy?.insuredDob),
  };
}

/** What the dialog sends: trimmed text, ISO dates, insured details only for a dependent. */
export function policyInputOf(values: PolicyFormValues, insuranceId?: number): PolicyInput {
  const dependent = values.insuredRelationship !== 'self';
  return {
    ...(insuranceId === undefined ? {} : { insuranceId }),
    insuranceType: values.insuranceType,
    isCurrent: values.isCurrent,
    startDate: wireDateOf(values.startDate),
    endDate: wireDateOf(values.endDate),
    insuranceNumber: values.insuranceNumber.trim(),
    groupNumber: wireText(values.groupNumber),
    companyId: values.companyId === '' ? null : Number(values.companyId),
    insuredRelationship: values.insuredRelationship,
    insuredFirstName: dependent ? wireText(values.insuredFirstName) : null,
    insuredLastName: dependent ? wireText(values.insuredLastName) : null,
    insuredDob: dependent ? wireDateOf(values.insuredDob) : null,
  };
}

const DATE_FIELDS = ['startDate', 'endDate', 'insuredDob'] as const;

/**
 * The problems the server would answer, found before sending: each typed
 * date must be a real MM/DD/YYYY date, then the domain's policy rules.
 */
export function policyFormProblems(values: PolicyFormValues, now: Date): FieldProblem[] {
  const dateProblems = DATE_FIELDS.flatMap((field) => {
    if (field === 'insuredDob' && values.insuredRelationship === 'self') return [];
    const result = date(values[field].trim());
    return result === true ? [] : [{ field, message: result }];
  });
  if (dateProblems.length > 0) return dateProblems;
  const input = policyInputOf(values);
  return policyProblems(
    {
      insuranceNumber: input.insuranceNumber,
      startDate: input.startDate,
      endDate: input.endDate,
      insuredRelationship: input.insuredRelationship,
      insuredFirstName: input.insuredFirstName,
      insuredLastName: input.insuredLastName,
      insuredDob: input.insuredDob,
    },
    now,
  );
}

export interface PayerOption {
  value: string;
  label: string;
}

/**
 * The payers a policy may have: the practice's active ones ('label (payerId)'),
 * plus the policy's own payer when it is no longer active (a policy keeps it).
 */
export function payerOptions(
  payers: readonly Pick<PracticePayer, 'practice_insurance_id' | 'label' | 'payerId'>[],
  policy: InsurancePolicy | null,
): PayerOption[] {
  const options = payers.map((p) => ({
    value: String(p.practice_insurance_id),
    label: payerLabel(p),
  }));
  const own = policy?.companyId ?? null;
  if (own !== null && policy?.payerName && !options.some((o) => o.value === String(own))) {
    options.push({
      value: String(own),
      label: `${payerLabel({ label: policy.payerName, payerId: policy.payerId })} (no longer offered)`,
    });
  }
  return options;
}
