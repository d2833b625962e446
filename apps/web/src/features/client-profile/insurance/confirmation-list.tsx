import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, formatShortDate } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../../ui/confirm/use-confirm';
import { DetailRow } from '../lib/detail-row';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useDeleteConfirmation } from './api/authorizations';
import type { BenefitsConfirmation, InsurancePolicy } from './api/types';
import { ConfirmationDialog } from './confirmation-dialog';
import { INSURANCE_MESSAGES } from './messages';
import { policyName } from './policy-names';

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
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h5" variant="subtitle2">
          Benefits confirmations
        </Typography>
        {canEdit && (
          <Button
            size="small"
            aria-label={`Add benefits confirmation to the ${name}`}
            onClick={() => {
              setEditing('new');
            }}
          >
            Add benefits confirmation
          </Button>
        )}
      </Stack>
      {policy.confirmations.length === 0 ? (
        <Typography color="text.secondary">No benefits confirmations.</Typography>
      ) : (
        <List aria-label={`Benefits confirmations of the ${name}`} disablePadding dense>
          {policy.confirmations.map((confirmation) => {
            const date = formatShortDate(confirmation.authDate);
            const label = `benefits confirmation of ${date}`;
            return (
              <DetailRow
                key={confirmation.confirmationId}
                primary={`Confirmed ${date}${
                  confirmation.referenceNumber ? ` · Ref. ${confirmation.referenceNumber}` : ''
                }`}
                secondary={confirmationSummary(confirmation)}
                flags={[]}
                actions={
                  canEdit
                    ? [
                        {
                          label: 'Edit',
                          ariaLabel: `Edit ${label}`,
                          onClick: () => {
                            setEditing(confirmation);
                          },
                        },
                        {
                          label: 'Delete',
                          ariaLabel: `Delete ${label}`,
                          color: 'error' as const,
                          onClick: () => void onDelete(confirmation),
                        },
                      ]
                    : []
                }
              />
            );
          })}
        </List>
      )}
      {editing !== null && (
        <ConfirmationDialog
          patientId={patientId}
          insuranceId={policy.insuranceId}
          confirmation={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
