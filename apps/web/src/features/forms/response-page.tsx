import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';

import { formRoutes } from '../../config/paths/form-links';
import { errorMessage } from '../../lib/api-errors';
import { useConfirm } from '../../ui/confirm/use-confirm';
import { PageSpinner } from '../../ui/page-spinner';
import { useResponse, useResponseStep, type ResponseDetail } from './api';
import { FillForm } from './fill-form';
import { PdfLink } from './pdf-link';
import { ResponseSummary, StateChip } from './response-summary';
import { SignForm } from './sign-form';

/** Revoking a signed consent or release, with the reason asked in the confirmation. */
function RevokeButton({ detail }: { detail: ResponseDetail }) {
  const confirm = useConfirm();
  const step = useResponseStep(detail.assignment.id, false);
  // The dialog's message is drawn by the dialog host: an uncontrolled field read on confirm.
  const reason = useRef<HTMLInputElement>(null);
  return (
    <Button
      color="warning"
      variant="outlined"
      sx={{ alignSelf: 'flex-start' }}
      onClick={() => {
        void confirm({
          title: `Revoke ${detail.assignment.name}?`,
          message: (
            <Stack spacing={2}>
              <Typography>
                The signed form is kept with its history; the revocation is recorded with your name
                and listed in the revocations report. This cannot be undone.
              </Typography>
              <TextField label="Reason" inputRef={reason} multiline minRows={2} fullWidth />
            </Stack>
          ),
          confirmText: 'Revoke',
          color: 'warning',
          onConfirm: async () => {
            await step.mutateAsync({ step: 'revoke', reason: reason.current?.value.trim() ?? '' });
          },
        }).catch(() => undefined);
      }}
    >
      Revoke
    </Button>
  );
}

function Response({ detail }: { detail: ResponseDetail }) {
  const [filling, setFilling] = useState(false);
  const { state, signatureRequired, patientId, version } = detail.assignment;
  const open = state === 'assigned' || state === 'in_progress';
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <StateChip state={state} />
        <Typography color="text.secondary">Version {version}</Typography>
        <Link component={RouterLink} to={formRoutes.clientForms(patientId)}>
          The client’s forms
        </Link>
        <PdfLink detail={detail} portal={false} />
      </Stack>
      {open && !filling && (
        <>
          <Alert severity="info">
            {state === 'assigned'
              ? 'The client has not started this form.'
              : 'The client has started this form.'}{' '}
            {detail.missing.length > 0 &&
              `${String(detail.missing.length)} required questions are unanswered.`}
          </Alert>
          <Button
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => {
              setFilling(true);
            }}
          >
            Complete with the client
          </Button>
        </>
      )}
      {open && filling ? (
        <FillForm detail={detail} portal={false} />
      ) : (
        !open && <ResponseSummary detail={detail} />
      )}
      {state === 'completed' && signatureRequired && <SignForm detail={detail} portal={false} />}
      {state === 'signed' && signatureRequired && <RevokeButton detail={detail} />}
    </Stack>
  );
}

/** `/form/response/{id}`: one response of a client, for staff. */
export function ResponsePage() {
  const param = useParams().id;
  const id = param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : 0;
  const response = useResponse(id, false);
  return (
    <Stack spacing={3} sx={{ maxWidth: 860, minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        {response.data?.assignment.name ?? 'Form response'}
      </Typography>
      {id === 0 && <Alert severity="warning">We could not find that response.</Alert>}
      {response.isLoading && <PageSpinner />}
      {response.isError && <Alert severity="warning">{errorMessage(response.error)}</Alert>}
      {response.data && <Response key={response.data.assignment.id} detail={response.data} />}
    </Stack>
  );
}
