import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSnackbar } from '../../../ui/snackbar/snackbar';
import { useRemoveSso, useSaveSso, useSsoSettings, useTestSso, type SsoSettings } from './api';

type Form = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  enabled: boolean;
  requireForStaff: boolean;
};

const formOf = (s: SsoSettings): Form => ({
  issuer: s.issuer ?? '',
  clientId: s.clientId ?? '',
  clientSecret: '',
  domains: s.allowedDomains.join(', '),
  enabled: s.configured ? s.enabled : true,
  requireForStaff: s.requireForStaff,
});

const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim().replace(/^@/, '').toLowerCase())
    .filter((d) => d !== '');

/** Client-side checks before the server's (which also fetches the issuer's discovery document). */
function check(form: Form, hasSecret: boolean): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  if (!/^https?:\/\/\S+$/i.test(form.issuer.trim()))
    errors.issuer = 'Enter the issuer URL, starting with https://.';
  if (form.clientId.trim() === '') errors.clientId = 'Enter the client ID.';
  if (!hasSecret && form.clientSecret.trim() === '')
    errors.clientSecret = 'Enter the client secret.';
  if (domainsOf(form.domains).length === 0) errors.domains = 'Enter at least one email domain.';
  return errors;
}

/** The field the server named, on this form. */
const FIELD_OF: Record<string, keyof Form> = {
  issuer: 'issuer',
  clientId: 'clientId',
  clientSecret: 'clientSecret',
  allowedDomains: 'domains',
};

function TestConnection({ issuer }: { issuer: string }) {
  const test = useTestSso();
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <Button
        variant="outlined"
        disabled={test.isPending || issuer.trim() === ''}
        onClick={() => {
          test.mutate(issuer.trim());
        }}
      >
        {test.isPending ? 'Testing…' : 'Test connection'}
      </Button>
      {test.isSuccess && (
        <Alert severity="success" role="status" sx={{ flexGrow: 1 }}>
          The provider answered: {test.data.data.issuer}
        </Alert>
      )}
      {test.isError && (
        <Alert severity="error" sx={{ flexGrow: 1 }}>
          {errorMessage(test.error)}
        </Alert>
      )}
    </Stack>
  );
}

function SsoSwitches({
  form,
  set,
}: {
  form: Form;
  set: (name: 'enabled' | 'requireForStaff', value: boolean) => void;
}) {
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={form.enabled}
            onChange={(e) => {
              set('enabled', e.target.checked);
            }}
          />
        }
        label="Single sign-on is on"
      />
      <FormControlLabel
        control={
          <Switch
            checked={form.requireForStaff}
            onChange={(e) => {
              set('requireForStaff', e.target.checked);
            }}
          />
        }
        label="Require single sign-on for staff"
      />
      <Typography variant="body2" color="text.secondary">
        When required, staff cannot sign in with a password. Owners still can, so a broken provider
        cannot lock the practice out; each such sign-in is recorded in the audit log.
      </Typography>
    </>
  );
}

/** Removing the provider, after a confirmation. */
function useRemoval(onRemoved: (settings: SsoSettings) => void) {
  const remove = useRemoveSso();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const onRemove = async () => {
    const ok = await confirm({
      title: 'Remove single sign-on?',
      message:
        'Staff will sign in with their usernames and passwords again. The provider settings and the client secret are deleted.',
      confirmText: 'Remove',
      color: 'error',
    });
    if (!ok) return;
    try {
      const answer = await remove.mutateAsync();
      onRemoved(answer.data);
      enqueueSnackbar('Single sign-on removed.', { variant: 'success' });
    } catch {
      // Shown above the form.
    }
  };

  return { remove, onRemove };
}

function SsoForm({ settings }: { settings: SsoSettings }) {
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const save = useSaveSso();
  const { remove, onRemove } = useRemoval((answer) => {
    setForm(formOf(answer));
  });
  const { enqueueSnackbar } = useSnackbar();
  const set = <K extends keyof Form>(name: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
  };
  const text = (name: 'issuer' | 'clientId' | 'clientSecret' | 'domains') => ({
    name,
    value: form[name],
    error: errors[name] !== undefined,
    onChange: (event: { target: { value: string } }) => {
      set(name, event.target.value);
    },
  });

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(form, settings.hasClientSecret);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await save.mutateAsync({
        issuer: form.issuer.trim(),
        clientId: form.clientId.trim(),
        ...(form.clientSecret.trim() ? { clientSecret: form.clientSecret.trim() } : {}),
        allowedDomains: domainsOf(form.domains),
        enabled: form.enabled,
        requireForStaff: form.requireForStaff,
      });
      setForm(formOf(answer.data));
      enqueueSnackbar('Single sign-on saved.', { variant: 'success' });
    } catch (error) {
      const field = error instanceof ApiError && error.field ? FIELD_OF[error.field] : undefined;
      if (field) setErrors({ [field]: errorMessage(error) });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2.5} noValidate onSubmit={(e) => void onSubmit(e)}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        {remove.isError && <Alert severity="error">{errorMessage(remove.error)}</Alert>}
        <TextField
          {...text('issuer')}
          label="Issuer URL"
          required
          helperText={
            errors.issuer ??
            'Google Workspace: https://accounts.google.com · Microsoft Entra ID: https://login.microsoftonline.com/<tenant id>/v2.0'
          }
        />
        <TestConnection issuer={form.issuer} />
        <TextField
          {...text('clientId')}
          label="Client ID"
          required
          helperText={errors.clientId ?? 'From the app you registered with the provider.'}
        />
        <TextField
          {...text('clientSecret')}
          label="Client secret"
          type="password"
          autoComplete="new-password"
          required={!settings.hasClientSecret}
          helperText={
            errors.clientSecret ??
            (settings.hasClientSecret
              ? 'A secret is kept (it is never shown). Enter a new one only to replace it.'
              : 'Kept encrypted; never shown again.')
          }
        />
        <TextField
          {...text('domains')}
          label="Email domains"
          required
          helperText={
            errors.domains ??
            'Staff whose work email ends in these domains sign in through this provider (e.g. example.org, separated by commas).'
          }
        />
        <SsoSwitches form={form} set={set} />
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          {settings.configured && (
            <Button color="error" disabled={remove.isPending} onClick={() => void onRemove()}>
              Remove single sign-on
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** `/practice/settings/sso`: the practice's OpenID Connect provider (owners and managers). */
export function SsoPage() {
  const settings = useSsoSettings();
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography component="h1" variant="h4">
        Single sign-on
      </Typography>
      <Typography>
        Let staff sign in with the practice&apos;s own accounts (Google Workspace, Microsoft Entra
        ID or any OpenID Connect provider). Register an app with your provider using this redirect
        URI, then enter its details below.
      </Typography>
      {settings.isPending && <PageSpinner />}
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
      {settings.data && (
        <>
          <TextField
            label="Redirect URI"
            value={settings.data.redirectUri}
            slotProps={{ input: { readOnly: true } }}
            helperText="Copy this into your provider's app registration."
          />
          <SsoForm key={settings.data.updatedAt ?? 'new'} settings={settings.data} />
        </>
      )}
    </Stack>
  );
}
