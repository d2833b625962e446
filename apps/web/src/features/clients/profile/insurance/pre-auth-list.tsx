import { formatShortDate } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useDeletePreAuth } from './api/authorizations';
import type { InsurancePolicy, PreAuth } from './api/types';
import { INSURANCE_MESSAGES } from './messages';
import { PreAuthDialog } from './pre-auth-dialog';
import { RecordSection } from './record-section';
import { policyName } from './policy-names';

/** '1/12/26 – 6/30/26 · 12 visits · 90834, 90837' and the notes on their own line. */
export function preAuthSummary(preAuth: PreAuth): string {
  const start = formatShortDate(preAuth.startDate);
  const end = formatShortDate(preAuth.endDate);
  const period = start || end ? `${start || '…'} – ${end || 'open'}` : 'No dates';
  const visits =
    preAuth.visitsAuthorized === null
      ? 'Visits not limited'
      : `${preAuth.visitsAuthorized} visit${preAuth.visitsAuthorized === 1 ? '' : 's'}`;
  const parts = [
    period,
    visits,
    ...(preAuth.cptCodes.length > 0 ? [preAuth.cptCodes.join(', ')] : []),
  ];
  return [parts.join(' · '), ...(preAuth.notes ? [preAuth.notes] : [])].join('\n');
}

/** A policy's pre-authorizations, newest first (the server's order), with add, edit and delete. */
export function PreAuthList({
  patientId,
  policy,
  canEdit,
  therapistId,
}: {
  patientId: number;
  policy: InsurancePolicy;
  canEdit: boolean;
  therapistId: number | null;
}) {
  const remove = useDeletePreAuth(patientId, policy.insuranceId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const [editing, setEditing] = useState<PreAuth | 'new' | null>(null);
  const name = policyName(policy);

  const onDelete = async (preAuth: PreAuth) => {
    const confirmed = await confirm({
      title: 'Delete this pre-authorization?',
      message: `Pre-authorization ${preAuth.authNumber} of the ${name} is removed.`,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(preAuth.authId);
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.deletePreAuth, error);
    }
  };

  return (
    <RecordSection
      heading="Pre-authorizations"
      addText="Add pre-authorization"
      addAriaLabel={`Add pre-authorization to the ${name}`}
      listAriaLabel={`Pre-authorizations of the ${name}`}
      emptyText="No pre-authorizations."
      canEdit={canEdit}
      onAdd={() => {
        setEditing('new');
      }}
      rows={policy.preAuths.map((preAuth) => ({
        key: preAuth.authId,
        primary: `${preAuth.authNumber} · granted ${formatShortDate(preAuth.authDate)}`,
        secondary: preAuthSummary(preAuth),
        label: `pre-authorization ${preAuth.authNumber}`,
        onEdit: () => {
          setEditing(preAuth);
        },
        onDelete: () => void onDelete(preAuth),
      }))}
      dialog={
        editing !== null && (
          <PreAuthDialog
            patientId={patientId}
            insuranceId={policy.insuranceId}
            preAuth={editing === 'new' ? null : editing}
            therapistId={therapistId}
            onClose={() => {
              setEditing(null);
            }}
          />
        )
      }
    />
  );
}
