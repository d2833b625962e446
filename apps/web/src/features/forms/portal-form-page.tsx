import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';

import { formRoutes } from '../../config/paths/form-links';
import { errorMessage } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { useMyForms, useResponse, useResponseStep } from './api';
import { FillForm } from './fill-form';
import { ResponseSummary, StateChip } from './response-summary';
import { PdfLink } from './pdf-link';
import { SignForm } from './sign-form';
import { useConfirm } from '../../ui/confirm/use-confirm';

const idOf = (param: string | undefined) =>
  param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : null;

/** The signed-in client's forms: what is left to do first, then what is done. */
function MyFormsList() {
  const forms = useMyForms();
  if (forms.isPending) return <PageSpinner />;
  if (forms.isError) return <Alert severity="warning">{errorMessage(forms.error)}</Alert>;
  const toDo = forms.data.filter(
    (f) =>
      f.state === 'assigned' ||
      f.state === 'in_progress' ||
      (f.state === 'completed' && f.signatureRequired),
  );
  const done = forms.data.filter((f) => !toDo.includes(f));
  const section = (title: string, rows: typeof toDo, edit: boolean) => (
    <Stack component="section" spacing={1} aria-label={title}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">
          {edit ? 'Nothing to do. Thank you!' : 'None yet.'}
        </Typography>
      ) : (
        <List disablePadding>
          {rows.map((f) => (
            <ListItem key={f.id} disableGutters>
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={edit ? formRoutes.portalEdit(f.id) : formRoutes.portalView(f.id)}
                  >
                    {f.name}
                  </Link>
                }
                secondary={<StateChip state={f.state} />}
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
  return (
    <Stack spacing={3}>
      {section('To complete', toDo, true)}
      {section('Completed', done, false)}
    </Stack>
  );
}

function RevokeButton({ id }: { id: number }) {
  const confirm = useConfirm();
  const step = useResponseStep(id, true);
  return (
    <Button
      color="warning"
      sx={{ alignSelf: 'flex-start' }}
      onClick={() => {
        void confirm({
          title: 'Revoke this consent?',
          message:
            'The practice keeps the signed form and records that you revoked it. This cannot be undone.',
          confirmText: 'Revoke',
          color: 'warning',
          onConfirm: async () => {
            await step.mutateAsync({ step: 'revoke', reason: '' });
          },
        }).catch(() => undefined);
      }}
    >
      Revoke
    </Button>
  );
}

function MyForm({ id, mode }: { id: number; mode: 'edit' | 'view' }) {
  const response = useResponse(id, true);
  if (response.isPending) return <PageSpinner />;
  if (response.isError) return <Alert severity="warning">{errorMessage(response.error)}</Alert>;
  const detail = response.data;
  const { state, signatureRequired } = detail.assignment;
  const open = state === 'assigned' || state === 'in_progress';
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} alignItems="center">
        <StateChip state={state} />
        <Link component={RouterLink} to={formRoutes.portalList()}>
          All my forms
        </Link>
        <PdfLink detail={detail} portal />
      </Stack>
      {detail.questionnaire.description && (
        <Typography>{detail.questionnaire.description}</Typography>
      )}
      {mode === 'edit' && open ? (
        <FillForm key={detail.assignment.id} detail={detail} portal />
      ) : (
        <>
          {state === 'completed' && !signatureRequired && (
            <Alert severity="success">Thank you: your answers were sent to the practice.</Alert>
          )}
          <ResponseSummary detail={detail} />
          {state === 'completed' && signatureRequired && <SignForm detail={detail} portal />}
          {state === 'signed' && signatureRequired && <RevokeButton id={detail.assignment.id} />}
        </>
      )}
    </Stack>
  );
}

function PortalPage({ mode }: { mode: 'edit' | 'view' }) {
  const param = useParams().id;
  const id = idOf(param);
  const response = useResponse(id ?? 0, true);
  const title = id === null ? 'My forms' : (response.data?.assignment.name ?? 'Form');
  return (
    <Stack spacing={3} sx={{ maxWidth: 760, minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      {param !== undefined && id === null ? (
        <Alert severity="warning">We could not find that form.</Alert>
      ) : id === null ? (
        <MyFormsList />
      ) : (
        <MyForm id={id} mode={mode} />
      )}
    </Stack>
  );
}

/** `/form/patient/edit/{id?}`: the client's forms to complete, or one to fill in and sign. */
export function PortalFormEditPage() {
  return <PortalPage mode="edit" />;
}

/** `/form/patient/view/{id?}`: one of the client's forms read back. */
export function PortalFormViewPage() {
  return <PortalPage mode="view" />;
}
