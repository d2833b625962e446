import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { date, dateBefore, email, max, phone, required } from '@openpractice/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSearchContexts } from '../api/search';
import { MAY_NOT_CREATE_MESSAGE, mayCreateClients } from '../may-create-clients';
import { DuplicateDialog } from './duplicate-dialog';
import { all, FieldGrid, Section, TextInput } from './form-layout';
import { emptyNewClient, type NewClientValues } from './new-client-form';
import { PaymentFields } from './payment-fields';
import {
  loadSendRegistrationEmail,
  saveSendRegistrationEmail,
} from './remembered-registration-email';
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
              <FieldGrid>
                <TextInput
                  control={control}
                  name="firstName"
                  label="First name"
                  required
                  autoFocus
                  rules={all(required, max(60))}
                />
                <TextInput control={control} name="nickName" label="Nickname" rules={max(60)} />
                <TextInput
                  control={control}
                  name="middleName"
                  label="Middle name"
                  rules={max(60)}
                />
                <TextInput
                  control={control}
                  name="lastName"
                  label="Last name"
                  required
                  rules={all(required, max(60))}
                />
                <TextInput
                  control={control}
                  name="dob"
                  label="Date of birth"
                  placeholder="MM/DD/YYYY"
                  inputMode="numeric"
                  rules={all(date, dateBefore(today))}
                />
              </FieldGrid>
            </Section>

            <Section title="Contact">
              <FieldGrid>
                <TextInput
                  control={control}
                  name="email"
                  label="Email"
                  wide
                  type="email"
                  inputMode="email"
                  rules={all(email, max(254))}
                />
                <TextInput
                  control={control}
                  name="phone"
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  rules={phone}
                />
              </FieldGrid>
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
              <Controller
                name="sendRegistrationEmail"
                control={control}
                render={({ field }) => (
                  <FormControl>
                    <FormControlLabel
                      label="Send registration email"
                      control={
                        <Checkbox
                          name={field.name}
                          checked={field.value}
                          onChange={(event) => {
                            field.onChange(event.target.checked);
                            saveSendRegistrationEmail(event.target.checked);
                          }}
                          onBlur={field.onBlur}
                          slotProps={{ input: { ref: field.ref } }}
                        />
                      }
                    />
                    <FormHelperText sx={{ mt: 0 }}>
                      Invites the client to the portal at the email above.
                    </FormHelperText>
                  </FormControl>
                )}
              />
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
