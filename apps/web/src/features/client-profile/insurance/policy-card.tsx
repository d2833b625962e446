import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  convertedType,
  formatUsDate,
  INSURANCE_TYPE_LABELS,
  INSURED_RELATIONSHIP_LABELS,
} from '@openpractice/domain';

import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useConvertPolicy, useDeletePolicy } from './api/insurance';
import type { InsurancePolicy } from './api/types';
import { CardPhoto } from './card-photo';
import { ConfirmationList } from './confirmation-list';
import { INSURANCE_MESSAGES } from './messages';
import { PreAuthList } from './pre-auth-list';
import { fullPayerName, policyName, shortPayerName } from './policy-names';

/** 'MM/DD/YYYY – MM/DD/YYYY', 'From MM/DD/YYYY', 'Until …' or 'No dates'. */
function datesText(policy: Pick<InsurancePolicy, 'startDate' | 'endDate'>): string {
  const start = formatUsDate(policy.startDate);
  const end = formatUsDate(policy.endDate);
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'No dates';
}

function insuredText(policy: InsurancePolicy): string {
  if (policy.insuredRelationship === 'self') return 'The client';
  const name = [policy.insuredFirstName, policy.insuredLastName].filter(Boolean).join(' ');
  const born = policy.insuredDob ? `, born ${formatUsDate(policy.insuredDob)}` : '';
  const relation = INSURED_RELATIONSHIP_LABELS[policy.insuredRelationship].split(' (')[0];
  return `${name} (${relation?.toLowerCase() ?? ''})${born}`;
}

/** A term and its value, read as a pair. */
function Fact({ term, value }: { term: string; value: string }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One policy: its payer (cut per spec-2 §9, in full in the tooltip and for
 * screen readers), type, current, active and verified flags, details, card
 * photo, pre-authorizations and benefits confirmations.
 */
export function PolicyCard({
  patientId,
  policy,
  isDefault,
  canEdit,
  therapistId,
  onEdit,
}: {
  patientId: number;
  policy: InsurancePolicy;
  isDefault: boolean;
  canEdit: boolean;
  therapistId: number | null;
  onEdit: () => void;
}) {
  const convert = useConvertPolicy(patientId);
  const remove = useDeletePolicy(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const full = fullPayerName(policy);
  const short = shortPayerName(policy);
  const name = policyName(policy);
  const headingId = `policy-${policy.insuranceId}-heading`;
  const busy = convert.isPending || remove.isPending;
  const flags = [
    INSURANCE_TYPE_LABELS[policy.insuranceType],
    ...(policy.isCurrent ? ['Current'] : []),
    policy.isActive ? 'Active' : 'Expired',
    policy.isVerified ? 'Verified' : 'Unverified',
    ...(isDefault ? ['Default'] : []),
  ];

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
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2 }}
      data-testid="insurance-policy"
    >
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          {/* The heading's name is the full payer and the type; the cut name is what shows. */}
          <Typography
            component="h4"
            variant="subtitle1"
            id={headingId}
            aria-label={`${full}, ${INSURANCE_TYPE_LABELS[policy.insuranceType].toLowerCase()}`}
            sx={{ fontWeight: 600 }}
          >
            {short === full ? (
              full
            ) : (
              <Tooltip title={full} describeChild>
                <span>{short}</span>
              </Tooltip>
            )}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {flags.map((flag) => (
              <Chip key={flag} size="small" label={flag} variant="outlined" />
            ))}
          </Stack>
        </Stack>
        <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', gap: 2, m: 0 }}>
          <Fact term="Insurance number" value={policy.insuranceNumber ?? '—'} />
          <Fact term="Group number" value={policy.groupNumber ?? '—'} />
          <Fact term="Dates" value={datesText(policy)} />
          <Fact term="Insured" value={insuredText(policy)} />
        </Stack>
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button size="small" aria-label={`Edit ${name}`} disabled={busy} onClick={onEdit}>
              Edit
            </Button>
            <Button
              size="small"
              aria-label={`Convert ${name} to ${INSURANCE_TYPE_LABELS[convertedType(policy.insuranceType)].toLowerCase()}`}
              disabled={busy}
              loading={convert.isPending}
              onClick={() => void onConvert()}
            >
              Convert to {INSURANCE_TYPE_LABELS[convertedType(policy.insuranceType)].toLowerCase()}
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
        )}
        <CardPhoto patientId={patientId} policy={policy} canEdit={canEdit} />
        <Divider />
        <PreAuthList
          patientId={patientId}
          policy={policy}
          canEdit={canEdit}
          therapistId={therapistId}
        />
        <Divider />
        <ConfirmationList patientId={patientId} policy={policy} canEdit={canEdit} />
      </Stack>
    </Paper>
  );
}
