import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatUsDate,
  INSURANCE_TYPE_LABELS,
  INSURED_RELATIONSHIP_LABELS,
} from '@openpractice/domain';

import type { InsurancePolicy } from './api/types';
import { fullPayerName } from './policy-names';

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
 * The policy's payer (cut per spec-2 §9, in full in the tooltip and for screen readers)
 * and its type, current, active, verified and default flags.
 */
export function PolicyHeading({
  policy,
  isDefault,
  headingId,
}: {
  policy: InsurancePolicy;
  isDefault: boolean;
  headingId: string;
}) {
  const full = fullPayerName(policy);
  const flags = [
    INSURANCE_TYPE_LABELS[policy.insuranceType],
    ...(policy.isCurrent ? ['Current'] : []),
    policy.isActive ? 'Active' : 'Expired',
    policy.isVerified ? 'Verified' : 'Unverified',
    ...(isDefault ? ['Default'] : []),
  ];
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      {/* The payer in full (the card has room; it wraps on a phone), and the type for the name. */}
      <Typography
        component="h4"
        variant="subtitle1"
        id={headingId}
        aria-label={`${full}, ${INSURANCE_TYPE_LABELS[policy.insuranceType].toLowerCase()}`}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {full}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {flags.map((flag) => (
          <Chip key={flag} size="small" label={flag} variant="outlined" />
        ))}
      </Stack>
    </Stack>
  );
}

/** The policy's numbers, dates and insured. */
export function PolicyFacts({ policy }: { policy: InsurancePolicy }) {
  return (
    <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', gap: 2, m: 0 }}>
      <Fact term="Insurance number" value={policy.insuranceNumber ?? '—'} />
      <Fact term="Group number" value={policy.groupNumber ?? '—'} />
      <Fact term="Dates" value={datesText(policy)} />
      <Fact term="Insured" value={insuredText(policy)} />
    </Stack>
  );
}
