import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import type { ClientInsurance, InsurancePolicy } from './api/types';
import { CardVersionsLoadState } from './card-version-notice';
import { INSURANCE_MESSAGES } from './messages';
import { PolicyCard } from './policy-card';
import { PolicyDialog } from './policy-dialog';
import { SectionHeading } from './section-heading';

/** 'Insurance policies': in the domain's order (current first), each with its details. */
export function PoliciesSection({
  patientId,
  insurance,
}: {
  patientId: number;
  insurance: ClientInsurance;
}) {
  const canEdit = insurance.access.canEditPolicies;
  const [editing, setEditing] = useState<InsurancePolicy | 'new' | null>(null);
  // A client with a current primary most likely needs a secondary next.
  const newType = insurance.currentPrimaryPolicy ? 'SECONDARY' : 'PRIMARY';
  // The first client therapist's primary CPT code comes first when choosing codes.
  const therapistId = insurance.autoGenClaims[0]?.therapistId ?? null;

  return (
    <Stack component="section" spacing={2} aria-labelledby="insurance-policies-heading">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <SectionHeading id="insurance-policies-heading">Insurance policies</SectionHeading>
        {canEdit && (
          <Button
            variant="contained"
            onClick={() => {
              setEditing('new');
            }}
          >
            Add policy
          </Button>
        )}
      </Stack>
      {canEdit && insurance.policies.length > 0 && <CardVersionsLoadState patientId={patientId} />}
      {insurance.policies.length === 0 ? (
        <Typography>{INSURANCE_MESSAGES.noPolicies}</Typography>
      ) : (
        insurance.policies.map((policy) => (
          <PolicyCard
            key={policy.insuranceId}
            patientId={patientId}
            policy={policy}
            isDefault={policy.insuranceId === insurance.defaultInsuranceId}
            canEdit={canEdit}
            therapistId={therapistId}
            onEdit={() => {
              setEditing(policy);
            }}
          />
        ))
      )}
      {editing !== null && (
        <PolicyDialog
          patientId={patientId}
          policy={editing === 'new' ? null : editing}
          newType={newType}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
