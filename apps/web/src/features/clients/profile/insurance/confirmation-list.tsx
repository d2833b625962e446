import { formatMoney, formatShortDate } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useDeleteConfirmation } from './api/authorizations';
import type { BenefitsConfirmation, InsurancePolicy } from './api/types';
import { ConfirmationDialog } from './confirmation-dialog';
import { INSURANCE_MESSAGES } from './messages';
import { policyName } from './policy-names';
import { RecordSection } from './record-section';

/** 'Copay $25.00 · Coinsurance 20% · Deductible $1,000.00 ($400.00 left) · 30 visits a year'. */
export function confirmationSummary(c: BenefitsConfirmation): string {
  const parts = [
    ...(c.copayCents === null ? [] : [`Copay ${formatMoney(c.copayCents)}`]),
    ...(c.coinsurancePercent === null ? [] : [`Coinsurance ${c.coinsurancePercent}%`]),
    ...(c.deductibleCents === null
      ? []
      : [
          `Deductible ${formatMoney(c.deductibleCents)}${
            c.deductibleRemainingCents === null
              ? ''
              : ` (${formatMoney(c.deductibleRemainingCents)} left)`
          }`,
        ]),
    ...(c.visitsPerYear === null ? [] : [`${c.visitsPerYear} visits a year`]),
    ...(c.representative ? [`with ${c.representative}`] : []),
  ];
  const line = parts.length > 0 ? parts.join(' · ') : 'No amounts recorded';
  return [line, ...(c.notes ? [c.notes] : [])].join('\n');
}

/** A policy's benefits confirmations, newest first (the server's order), with add, edit and delete. */
export function ConfirmationList({
  patientId,
  policy,
  canEdit,
}: {
  patientId: number;
  policy: InsurancePolicy;
  canEdit: boolean;
}) {
  const remove = useDeleteConfirmation(patientId, policy.insuranceId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const [editing, setEditing] = useState<BenefitsConfirmation | 'new' | null>(null);
  const name = policyName(policy);

  const onDelete = async (confirmation: BenefitsConfirmation) => {
    const confirmed = await confirm({
      title: 'Delete this benefits confirmation?',
      message: `The benefits confirmed on ${formatShortDate(confirmation.authDate)} for the ${name} are removed.`,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(confirmation.confirmationId);
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.deleteConfirmation, error);
    }
  };

  return (
    <RecordSection
      heading="Benefits confirmations"
      addText="Add benefits confirmation"
      addAriaLabel={`Add benefits confirmation to the ${name}`}
      listAriaLabel={`Benefits confirmations of the ${name}`}
      emptyText="No benefits confirmations."
      canEdit={canEdit}
      onAdd={() => {
        setEditing('new');
      }}
      rows={policy.confirmations.map((confirmation) => {
        const date = formatShortDate(confirmation.authDate);
        return {
          key: confirmation.confirmationId,
          primary: `Confirmed ${date}${
            confirmation.referenceNumber ? ` · Ref. ${confirmation.referenceNumber}` : ''
          }`,
          secondary: confirmationSummary(confirmation),
          label: `benefits confirmation of ${date}`,
          onEdit: () => {
            setEditing(confirmation);
          },
          onDelete: () => void onDelete(confirmation),
        };
      })}
      dialog={
        editing !== null && (
          <ConfirmationDialog
            patientId={patientId}
            insuranceId={policy.insuranceId}
            confirmation={editing === 'new' ? null : editing}
            onClose={() => {
              setEditing(null);
            }}
          />
        )
      }
    />
  );
}
