import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

import type { EligibilityRequestSummary } from './api';

type Warnings = EligibilityRequestSummary['warnings'];

export const WARNINGS_TITLE = 'Check before relying on this answer';

/**
 * The server's warnings (domain eligibilityWarnings) in a few words each,
 * beside the coverage chip: an answer can say 'Active' while its own plan
 * dates, or the saved benefits confirmation, say otherwise.
 */
export function CoverageWarningChips({ warnings }: { warnings: Warnings }) {
  return warnings.map((warning) => (
    <Chip
      key={warning.code}
      color="warning"
      variant="outlined"
      icon={<WarningAmberIcon />}
      label={warning.label}
    />
  ));
}

/** Each warning in full: what the payer says and what differs. */
export function CoverageWarnings({ warnings }: { warnings: Warnings }) {
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" aria-label={WARNINGS_TITLE}>
      <AlertTitle>{WARNINGS_TITLE}</AlertTitle>
      {warnings.length === 1 ? (
        warnings[0]?.message
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {warnings.map((warning) => (
            <li key={warning.code}>{warning.message}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
