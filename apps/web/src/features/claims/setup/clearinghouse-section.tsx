import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import type { FormErrors, SetupForm } from './form-state';

type Set = <K extends keyof SetupForm>(name: K, value: SetupForm[K]) => void;

/**
 * Which clearinghouse carries the claim files: the local test one (offline, says so), or a
 * real one over HTTPS. The secret is write-only: the page only learns whether one is kept.
 */
export function ClearinghouseSection({
  form,
  errors,
  set,
  hasSecret,
}: {
  form: SetupForm;
  errors: FormErrors;
  set: Set;
  hasSecret: boolean;
}) {
  const text = (
    name: 'endpointUrl' | 'submitterId' | 'username' | 'secret',
    label: string,
    help: string,
    extra: { type?: string; required?: boolean; autoComplete?: string } = {},
  ) => {
    const error = errors[`clearinghouse.${name}`];
    return (
      <TextField
        label={label}
        value={form[name]}
        required={extra.required ?? true}
        error={error !== undefined}
        helperText={error ?? help}
        onChange={(e) => {
          set(name, e.target.value);
        }}
        {...(extra.type ? { type: extra.type } : {})}
        {...(extra.autoComplete ? { autoComplete: extra.autoComplete } : {})}
      />
    );
  };
  return (
    <Stack component="section" spacing={2} aria-labelledby="clearinghouse-heading">
      <Typography id="clearinghouse-heading" component="h2" variant="h6">
        Clearinghouse
      </Typography>
      <FormControl component="fieldset">
        <FormLabel component="legend">Claims are sent through</FormLabel>
        <RadioGroup
          value={form.clearinghouseKind}
          onChange={(e) => {
            set('clearinghouseKind', e.target.value === 'https' ? 'https' : 'local');
          }}
        >
          <FormControlLabel
            value="local"
            control={<Radio />}
            label="The local test clearinghouse"
          />
          <FormControlLabel value="https" control={<Radio />} label="A clearinghouse over HTTPS" />
        </RadioGroup>
      </FormControl>
      {form.clearinghouseKind === 'local' ? (
        <Alert severity="info">
          Test mode: claims go to the local test clearinghouse, which answers with test
          acknowledgments and remittances. No claim reaches a payer.
        </Alert>
      ) : (
        <>
          {text('endpointUrl', 'Endpoint URL', 'From the clearinghouse, starting with https://.')}
          {text('submitterId', 'Submitter id', 'The id the clearinghouse gave the practice.')}
          {text('username', 'Username', 'The account’s username.', { autoComplete: 'off' })}
          {text(
            'secret',
            'Secret (password or API key)',
            hasSecret
              ? 'A secret is kept (it is never shown). Enter it again only to replace it, or when the endpoint or username changes.'
              : 'Kept encrypted; never shown again.',
            { type: 'password', required: !hasSecret, autoComplete: 'new-password' },
          )}
        </>
      )}
    </Stack>
  );
}
