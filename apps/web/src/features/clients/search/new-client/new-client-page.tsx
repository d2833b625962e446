import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../../config/paths';
import { PageSpinner } from '../../../../ui/page-spinner';
import { useSearchContexts } from '../api/search';
import { MAY_NOT_CREATE_MESSAGE, mayCreateClients } from '../may-create-clients';
import { DuplicateDialog } from './duplicate-dialog';
import { Section } from './form-layout';
import { ContactFields, NameFields } from './name-contact-fields';
import { emptyNewClient, type NewClientValues } from './new-client-form';
import { PaymentFields } from './payment-fields';
import { RegistrationEmailField } from './registration-email-field';
import { loadSendRegistrationEmail } from './remembered-registration-email';
import { TherapistsAndStatusFields } from './therapists-status-fields';
import { useSubmitNewClient } from './use-submit-new-client';

/**
 * `/client/new`: adds a client. Therapists default to the signed-in user when
 * they are a therapist; possible duplicates are shown before creating.
 */
export function NewClientPage({ authorities }: { authorities: readonly string[] }) {
  const contexts = useSearchContexts();
  if (!mayCreateClients(authorities)) {
    return <Alert severity="info">{MAY_NOT_CREATE_MESSAGE}</Alert>;
  }
  if (contexts.isPending) return <PageSpinner />;
  const me = contexts.data?.callerTherapistId ?? null;
  return <NewClientForm defaultTherapistIds={me === null ? [] : [me]} />;
}

function NewClientForm({ defaultTherapistIds }: { defaultTherapistIds: number[] }) {
  const [today] = useState(() => new Date());
  const { control, handleSubmit, setError, formState } = useForm<NewClientValues>({
    defaultValues: {
      ...emptyNewClient(loadSendRegistrationEmail()),
      therapistIds: defaultTherapistIds,
    },
  });
  const submission = useSubmitNewClient(setError);
  const onSubmit = handleSubmit(submission.submit);
  const busy = formState.isSubmitting || submission.creating;

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Typography component="h1" variant="h4">
        New client
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack spacing={4}>
            <Section title="Name and date of birth">
              <NameFields control={control} today={today} />
            </Section>

            <Section title="Contact">
              <ContactFields control={control} />
            </Section>

            <Section title="Therapists and status">
              <TherapistsAndStatusFields control={control} />
            </Section>

            <Section title="Payment">
              <PaymentFields control={control} />
            </Section>

            <Stack
              direction="row"
              useFlexGap
              sx={{
                flexWrap: 'wrap',
                gap: 2,
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <RegistrationEmailField control={control} />
              <Stack direction="row" spacing={2}>
                <Button component={RouterLink} to={paths.client.allClients.getHref()}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" disabled={busy}>
                  Create client
                </Button>
              </Stack>
            </Stack>
          </Stack>
        </Box>
      </Paper>
      <DuplicateDialog
        duplicates={submission.duplicates}
        creating={submission.creating}
        onCancel={submission.cancel}
        onCreateAnyway={submission.createAnyway}
      />
    </Stack>
  );
}
