import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import type { Address, FormErrors, SetupForm } from './form-state';

type Set = <K extends keyof SetupForm>(name: K, value: SetupForm[K]) => void;

/** Street, city, state and ZIP; `field` is the request's path, so errors land on their part. */
function AddressFields({
  legend,
  field,
  value,
  errors,
  onChange,
  zipHelp,
}: {
  legend: string;
  field: string;
  value: Address;
  errors: FormErrors;
  onChange: (next: Address) => void;
  zipHelp: string;
}) {
  const part = (name: keyof Address, label: string, props: { required?: boolean } = {}) => {
    const error = errors[`${field}.${name}`];
    return (
      <TextField
        label={label}
        value={value[name]}
        required={props.required ?? true}
        error={error !== undefined}
        helperText={error ?? (name === 'zip' ? zipHelp : undefined)}
        onChange={(e) => {
          onChange({ ...value, [name]: e.target.value });
        }}
        sx={{ flex: name === 'line1' || name === 'line2' ? '1 1 100%' : '1 1 140px' }}
      />
    );
  };
  return (
    <FormControl component="fieldset" sx={{ gap: 1.5 }}>
      <FormLabel component="legend">{legend}</FormLabel>
      {errors[field] !== undefined && <Alert severity="error">{errors[field]}</Alert>}
      <Stack direction="row" spacing={0} gap={1.5} flexWrap="wrap">
        {part('line1', 'Street address')}
        {part('line2', 'Suite or floor', { required: false })}
        {part('city', 'City')}
        {part('state', 'State')}
        {part('zip', 'ZIP code')}
      </Stack>
    </FormControl>
  );
}

/** Organisation or individual: only an individual may bill under a social security number. */
function EntityKind({ form, set }: { form: SetupForm; set: Set }) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">The practice bills as</FormLabel>
      <RadioGroup
        row
        value={form.entityKind}
        onChange={(e) => {
          const kind = e.target.value === 'person' ? 'person' : 'organisation';
          set('entityKind', kind);
          // Only an individual may bill under a social security number.
          if (kind === 'organisation') set('tinKind', 'ein');
        }}
      >
        <FormControlLabel
          value="organisation"
          control={<Radio />}
          label="An organisation (group NPI)"
        />
        <FormControlLabel value="person" control={<Radio />} label="An individual (own NPI)" />
      </RadioGroup>
    </FormControl>
  );
}

/** Who is paid: the organisation or the individual, with its identifiers and addresses. */
export function BillingProviderSection({
  form,
  errors,
  set,
}: {
  form: SetupForm;
  errors: FormErrors;
  set: Set;
}) {
  const text = (
    name: 'organisationName' | 'firstName' | 'lastName' | 'npi' | 'tin' | 'taxonomy',
    label: string,
    help?: string,
  ) => {
    const error = errors[`billingProvider.${name}`];
    return (
      <TextField
        label={label}
        value={form[name]}
        required
        error={error !== undefined}
        helperText={error ?? help}
        onChange={(e) => {
          set(name, e.target.value);
        }}
      />
    );
  };
  const person = form.entityKind === 'person';
  return (
    <Stack component="section" spacing={2} aria-labelledby="billing-provider-heading">
      <Typography id="billing-provider-heading" component="h2" variant="h6">
        Billing provider
      </Typography>
      <EntityKind form={form} set={set} />
      {person ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {text('firstName', 'First name')}
          {text('lastName', 'Last name')}
        </Stack>
      ) : (
        text('organisationName', 'Organisation name', 'As the payers know it.')
      )}
      {text('npi', 'Billing NPI', '10 digits.')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          label="Tax id kind"
          value={form.tinKind}
          onChange={(e) => {
            set('tinKind', e.target.value === 'ssn' ? 'ssn' : 'ein');
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="ein">EIN</MenuItem>
          {person && <MenuItem value="ssn">SSN (individual)</MenuItem>}
        </TextField>
        {text('tin', 'Tax id', form.tinKind === 'ein' ? 'e.g. 12-3456789' : 'e.g. 123-45-6789')}
      </Stack>
      {text('taxonomy', 'Taxonomy code', 'e.g. 101YP2500X')}
      <AddressFields
        legend="Physical address (where the practice is; not a PO box)"
        field="billingProvider.address"
        value={form.address}
        errors={errors}
        onChange={(next) => {
          set('address', next);
        }}
        zipHelp="ZIP+4, e.g. 04101-4608."
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={form.hasPayTo}
            onChange={(e) => {
              set('hasPayTo', e.target.checked);
            }}
          />
        }
        label="Payments go to another address (it may be a PO box)"
      />
      {form.hasPayTo && (
        <AddressFields
          legend="Pay-to address"
          field="billingProvider.payTo"
          value={form.payTo}
          errors={errors}
          onChange={(next) => {
            set('payTo', next);
          }}
          zipHelp="5 digits or ZIP+4."
        />
      )}
    </Stack>
  );
}
