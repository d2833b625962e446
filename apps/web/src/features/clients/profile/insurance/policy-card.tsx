import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';

import type { InsurancePolicy } from './api/types';
import { CardPhoto } from './card-photo';
import { ConfirmationList } from './confirmation-list';
import { PolicyActions } from './policy-actions';
import { PolicyFacts, PolicyHeading } from './policy-summary';
import { PreAuthList } from './pre-auth-list';

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
  const headingId = `policy-${policy.insuranceId}-heading`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2 }}
      data-testid="insurance-policy"
    >
      <Stack spacing={2}>
        <PolicyHeading policy={policy} isDefault={isDefault} headingId={headingId} />
        <PolicyFacts policy={policy} />
        {canEdit && <PolicyActions patientId={patientId} policy={policy} onEdit={onEdit} />}
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
