import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { billingRoutes } from '../../../config/paths/billing';
import { ChosenClient } from '../parts/chosen-client';
import { StatementResult } from './statement-result';
import { useStatementForm, type Scope } from './use-statement-form';

type Form = ReturnType<typeof useStatementForm>;

function DateField({ form, field, label }: { form: Form; field: 'from' | 'to'; label: string }) {
  const server = form.serverError?.field === field ? form.serverError.message : undefined;
  const message = form.errors[field] ?? server;
  return (
    <TextField
      type="date"
      label={label}
      size="small"
      required
      value={form.period[field]}
      onChange={(event) => {
        form.setPeriod(field, event.target.value);
      }}
      error={message !== undefined}
      helperText={message}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

function ScopeField({ form }: { form: Form }) {
  return (
    <FormControl>
      <FormLabel id="statement-scope">Make statements for</FormLabel>
      <RadioGroup
        aria-labelledby="statement-scope"
        value={form.scope}
        onChange={(event) => {
          form.setScope(event.target.value as Scope);
        }}
      >
        <FormControlLabel value="one" control={<Radio />} label="One client" />
        <FormControlLabel
          value="batch"
          control={<Radio />}
          label="Every client with activity in the period or a balance at its end"
        />
      </RadioGroup>
    </FormControl>
  );
}

function ClientField({ form }: { form: Form }) {
  return (
    <Stack spacing={0.5}>
      <ChosenClient label="Client" client={form.client} onChange={form.setClient} />
      {form.errors.client && (
        <Typography color="error" variant="body2" role="alert">
          {form.errors.client}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * `/billing/statement` (spec-1 §2): a statement for one client, or a batch for every client
 * with activity in the period or a balance at its end, optionally emailed to the responsible
 * party. A batch asks first, as it makes many immutable statements at once.
 */
export function StatementPage() {
  const form = useStatementForm();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          Statements
        </Typography>
        <Typography color="text.secondary">
          A statement is a snapshot of the client’s account for the period: balance forward,
          charges, payments, adjustments and refunds, the closing balance and what is due. It cannot
          be changed once made.
        </Typography>
        <Link component={RouterLink} to={billingRoutes.statementsReport.getHref()}>
          Statements report
        </Link>
      </Stack>
      <Stack component="form" spacing={3} noValidate onSubmit={form.submit}>
        <ScopeField form={form} />
        {form.scope === 'one' && <ClientField form={form} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label="Period">
          <DateField form={form} field="from" label="From" />
          <DateField form={form} field="to" label="To" />
        </Stack>
        <FormControlLabel
          control={
            <Checkbox
              checked={form.email}
              onChange={(event) => {
                form.setEmail(event.target.checked);
              }}
            />
          }
          label="Email to the responsible party"
        />
        {form.serverError && form.serverError.field === null && (
          <Alert severity="error">{form.serverError.message}</Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          loading={form.pending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {form.scope === 'one' ? 'Make statement' : 'Make statements'}
        </Button>
      </Stack>
      {form.made && <StatementResult made={form.made} />}
    </Stack>
  );
}
