import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSnackbar } from '../../../ui/snackbar/snackbar';
import { useClaimSetup, useSaveClaimSetup, type ClaimSetup } from './api';
import { BillingProviderSection } from './billing-provider-section';
import { ClearinghouseSection } from './clearinghouse-section';
import { bodyOf, checkForm, formOf, type FormErrors, type SetupForm } from './form-state';
import { PayersSection, ProvidersSection } from './providers-section';

function SetupFormView({ setup }: { setup: ClaimSetup }) {
  const [form, setForm] = useState<SetupForm>(() => formOf(setup));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveClaimSetup();
  const { enqueueSnackbar } = useSnackbar();
  const set = <K extends keyof SetupForm>(name: K, value: SetupForm[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
  };
  const hasSecret = setup.clearinghouse.hasSecret;
  const count = Object.keys(errors).length;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkForm(form, hasSecret);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await save.mutateAsync(bodyOf(form));
      setForm(formOf(answer.data));
      enqueueSnackbar('Claim set-up saved.', { variant: 'success' });
    } catch (error) {
      // The server names the field in the same path the form uses.
      if (error instanceof ApiError && error.field)
        setErrors({ [error.field]: errorMessage(error) });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={3} noValidate onSubmit={(e) => void onSubmit(e)}>
        {/* The server's refusal in its words (its field may be one the page has no input for). */}
        {save.isError ? (
          <Alert severity="error">{errorMessage(save.error)}</Alert>
        ) : (
          count > 0 && (
            <Alert severity="error" role="alert">
              Please correct the {count === 1 ? 'field' : `${String(count)} fields`} marked below.
            </Alert>
          )
        )}
        <BillingProviderSection form={form} errors={errors} set={set} />
        <Divider />
        <ProvidersSection
          providers={form.providers}
          errors={errors}
          onChange={(next) => {
            set('providers', next);
          }}
        />
        <Divider />
        <ClearinghouseSection form={form} errors={errors} set={set} hasSecret={hasSecret} />
        <Divider />
        <PayersSection
          payers={form.payers}
          onChange={(next) => {
            set('payers', next);
          }}
        />
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * `/perclaim/setup` (issue 20 item 1; spec-1 §2), billing role: what every claim the
 * practice sends says about who bills, who rendered, and how the file travels.
 */
export function ClaimSetupPage() {
  const setup = useClaimSetup();
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography component="h1" variant="h4">
        Claim set-up
      </Typography>
      {setup.isPending && <PageSpinner />}
      {setup.isError && <Alert severity="error">{errorMessage(setup.error)}</Alert>}
      {setup.data && (
        <>
          {!setup.data.configured && (
            <Alert severity="info">
              Not set up yet: the billing provider starts from the practice’s information. Check it
              and save.
            </Alert>
          )}
          {setup.data.updatedAt && (
            <Typography variant="body2" color="text.secondary">
              Last saved {new Date(setup.data.updatedAt).toLocaleString()}
              {setup.data.updatedBy ? ` by ${setup.data.updatedBy}` : ''}.
            </Typography>
          )}
          <SetupFormView key={setup.data.updatedAt ?? 'new'} setup={setup.data} />
        </>
      )}
    </Stack>
  );
}
