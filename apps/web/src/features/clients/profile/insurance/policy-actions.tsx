import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { convertedType, INSURANCE_TYPE_LABELS } from '@openpractice/domain';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useConvertPolicy, useDeletePolicy } from './api/insurance';
import type { InsurancePolicy } from './api/types';
import { INSURANCE_MESSAGES } from './messages';
import { policyName } from './policy-names';

/** Edit, convert to the other type, or delete (after confirming) one policy. */
export function PolicyActions({
  patientId,
  policy,
  onEdit,
}: {
  patientId: number;
  policy: InsurancePolicy;
  onEdit: () => void;
}) {
  const convert = useConvertPolicy(patientId);
  const remove = useDeletePolicy(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const name = policyName(policy);
  const busy = convert.isPending || remove.isPending;
  const otherType = INSURANCE_TYPE_LABELS[convertedType(policy.insuranceType)].toLowerCase();

  const onConvert = async () => {
    try {
      await convert.mutateAsync(policy.insuranceId);
      feedback.notify.success(INSURANCE_MESSAGES.converted);
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.save, error);
    }
  };

  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete this insurance policy?',
      message: `The ${name}, with its card photo, pre-authorizations and benefits confirmations, is removed from the client’s record.`,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(policy.insuranceId);
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.delete, error);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button size="small" aria-label={`Edit ${name}`} disabled={busy} onClick={onEdit}>
        Edit
      </Button>
      <Button
        size="small"
        aria-label={`Convert ${name} to ${otherType}`}
        disabled={busy}
        loading={convert.isPending}
        onClick={() => void onConvert()}
      >
        Convert to {otherType}
      </Button>
      <Button
        size="small"
        color="error"
        aria-label={`Delete ${name}`}
        disabled={busy}
        onClick={() => void onDelete()}
      >
        Delete
      </Button>
    </Stack>
  );
}
