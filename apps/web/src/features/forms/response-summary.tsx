import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_STATE_LABELS, type AssignmentState } from '@openpractice/domain';

import { QuestionnaireAnswers } from '../../ui/questionnaire';
import type { ResponseDetail } from './api';

const STATE_COLOURS: Record<AssignmentState, 'default' | 'info' | 'success' | 'warning' | 'error'> =
  {
    assigned: 'default',
    in_progress: 'info',
    completed: 'success',
    signed: 'success',
    revoked: 'warning',
  };

export function StateChip({ state }: { state: AssignmentState }) {
  return (
    <Box
      component="span"
      sx={{
        px: 1,
        py: 0.25,
        border: 1,
        borderRadius: 4,
        fontSize: '0.8125rem',
        color: STATE_COLOURS[state],
        whiteSpace: 'nowrap',
      }}
    >
      {ASSIGNMENT_STATE_LABELS[state]}
    </Box>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * A response read back: the answers, the measure's score, signatures and revocations. Both
 * staff's response page and the client's view show it.
 */
export function ResponseSummary({ detail }: { detail: ResponseDetail }) {
  const { score } = detail;
  return (
    <Stack spacing={3}>
      {score && (
        <Alert severity={score.selfHarmAlert ? 'warning' : 'info'}>
          {score.complete
            ? `Score ${String(score.total)}${score.severity ? ` (${score.severity})` : ''}.`
            : `Incomplete: ${String(score.answered)} questions answered, not scored.`}
          {score.selfHarmAlert &&
            ' Item 9 was answered above zero: the therapist has been alerted.'}
        </Alert>
      )}
      <QuestionnaireAnswers questionnaire={detail.questionnaire} answers={detail.answers} />
      {detail.signatures.length > 0 && (
        <Stack spacing={1}>
          <Typography component="h2" variant="h6">
            Signatures
          </Typography>
          {detail.signatures.map((s) => (
            <Typography key={s.signedAt}>
              Signed “{s.typedName}” on {s.signedOn} (
              {s.signerRole === 'client' ? 'by the client' : `on ${s.signedBy ?? 'staff'}’s screen`}
              , {when(s.signedAt)})
            </Typography>
          ))}
        </Stack>
      )}
      {detail.revocations.length > 0 && (
        <Stack spacing={1}>
          <Typography component="h2" variant="h6">
            Revoked
          </Typography>
          {detail.revocations.map((r) => (
            <Typography key={r.id}>
              Revoked {when(r.revokedAt)} by{' '}
              {r.revokedByRole === 'client' ? 'the client' : (r.revokedBy ?? 'staff')}
              {r.reason ? `: ${r.reason}` : ''}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
