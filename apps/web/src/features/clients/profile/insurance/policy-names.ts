import { INSURANCE_TYPE_LABELS, payerLabel } from '@openpractice/domain';

import type { InsurancePolicy } from './api/types';

type Named = Pick<InsurancePolicy, 'payerName' | 'payerId' | 'insuranceType'>;

export const NO_PAYER = 'No insurance company';

/** 'Aetna (60054)' in full (tooltips, screen readers, dialogs). */
export function fullPayerName(policy: Named): string {
  return policy.payerName === null
    ? NO_PAYER
    : payerLabel({ label: policy.payerName, payerId: policy.payerId });
}

/** Names a policy in buttons and confirmations: 'primary policy Aetna (60054)'. */
export function policyName(policy: Named): string {
  return `${INSURANCE_TYPE_LABELS[policy.insuranceType].toLowerCase()} policy ${fullPayerName(policy)}`;
}
