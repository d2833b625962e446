import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatUsDate, PLAN_LIMITS, PLAN_STATE_LABELS } from '@openpractice/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { treatmentPlanRoutes } from '../../config/paths/treatment-plan-links';
import { errorMessage } from '../../lib/api-errors';
import { useCommentOnPlan, type PlanDetail } from './api';

const ROLE_LABELS = { therapist: 'Therapist', supervisor: 'Supervisor', client: 'Client' } as const;

/** Who signed this version, and when (the client with the name they typed). */
export function Signatures({ plan }: { plan: Pick<PlanDetail, 'signatures'> }) {
  if (plan.signatures.length === 0)
    return <Typography color="text.secondary">Not signed yet.</Typography>;
  return (
    <Box component="ul" aria-label="Signatures" sx={{ m: 0, pl: 3 }}>
      {plan.signatures.map((s) => (
        <li key={s.role}>
          {ROLE_LABELS[s.role]}: {s.signerName}
          {s.typedName ? ` (typed “${s.typedName}”)` : ''} · {formatUsDate(s.signedAt)}
        </li>
      ))}
    </Box>
  );
}

/** Every version of this therapist's plan (past treatment plans), newest first. */
export function Versions({ plan, embedded }: { plan: PlanDetail; embedded: boolean }) {
  return (
    <Box component="ul" aria-label="Versions" sx={{ m: 0, pl: 3 }}>
      {plan.versions.map((v) => {
        const label = `Version ${v.version} · ${PLAN_STATE_LABELS[v.state]} · started ${formatUsDate(v.createdAt)}`;
        return (
          <li key={v.planId}>
            {v.planId === plan.planId || embedded ? (
              <span aria-current={v.planId === plan.planId ? 'true' : undefined}>{label}</span>
            ) : (
              <Link
                component={RouterLink}
                to={treatmentPlanRoutes.client.getHref(
                  plan.patientId,
                  plan.therapistId,
                  v.isCurrent ? undefined : v.planId,
                )}
              >
                {label}
              </Link>
            )}
          </li>
        );
      })}
    </Box>
  );
}

/** Comments on this version: anyone who may read the plan may add one. */
export function Comments({ plan }: { plan: PlanDetail }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const comment = useCommentOnPlan(plan.planId);
  const send = async () => {
    setError(null);
    try {
      await comment.mutateAsync({ text });
      setText('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Stack spacing={1}>
      {plan.comments.length === 0 ? (
        <Typography color="text.secondary">No comments.</Typography>
      ) : (
        <Box component="ul" aria-label="Comments" sx={{ m: 0, pl: 3 }}>
          {plan.comments.map((c) => (
            <li key={c.commentId}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {c.authorName}, {formatUsDate(c.createdAt)}:
              </Typography>{' '}
              <span style={{ whiteSpace: 'pre-wrap' }}>{c.text}</span>
            </li>
          ))}
        </Box>
      )}
      {plan.actions.canComment && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="Add a comment"
            value={text}
            multiline
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: PLAN_LIMITS.comment } }}
            onChange={(e) => {
              setText(e.target.value);
            }}
          />
          <Button
            variant="outlined"
            disabled={text.trim() === '' || comment.isPending}
            onClick={() => void send()}
          >
            Add comment
          </Button>
        </Stack>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/** Signatures, versions and comments under the plan. */
export function PlanTrail({ plan, embedded }: { plan: PlanDetail; embedded: boolean }) {
  const part = (id: string, title: string, body: ReactNode) => (
    <Stack component="section" spacing={1} aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {body}
    </Stack>
  );
  return (
    <>
      {part('plan-signatures', 'Signatures', <Signatures plan={plan} />)}
      {part('plan-versions', 'Versions', <Versions plan={plan} embedded={embedded} />)}
      {part('plan-comments', 'Comments', <Comments plan={plan} />)}
    </>
  );
}
