import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { max, required, type ServiceTypeOption } from '@openpractice/domain';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';

import type { EligibilityDefaults, EligibilityPayer } from './api';
import type { CreateValues } from './create-values';
import { MESSAGES } from './messages';

/** Why the last check did not move on to Review: the payer's rejection or no usable answer. */
export type CheckProblem =
  | { kind: 'failure'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'invalid'; message: string };

const RELATIONSHIPS = [
  { value: 'child', label: 'Child' },
  { value: 'spouse', label: 'Spouse' },
  { value: 'other', label: 'Other' },
] as const;

const FORM_FIELDS: readonly string[] = [
  'payerId',
  'serviceCode',
  'therapistId',
  'insuredFirstName',
  'insuredLastName',
  'insuranceNumber',
];

/** A server field name as one of the form's, when it is one. */
export function formFieldOf(field: string | undefined): Path<CreateValues> | null {
  return field !== undefined && FORM_FIELDS.includes(field) ? (field as Path<CreateValues>) : null;
}

const all =
  (...rules: ((value: unknown) => true | string)[]) =>
  (value: unknown) => {
    for (const rule of rules) {
      const result = rule(value);
      if (result !== true) return result;
    }
    return true;
  };

/**
 * Step 1, Create Report: payer, service type, therapist (the provider whose
 * NPI the payer sees), insured or dependent, and the insurance number.
 */
export function CreateReportForm({
  initial,
  defaults,
  payers,
  serviceTypes,
  busy,
  problem,
  onRun,
}: {
  initial: CreateValues;
  defaults: EligibilityDefaults;
  payers: readonly EligibilityPayer[];
  serviceTypes: readonly ServiceTypeOption[];
  busy: boolean;
  problem: CheckProblem | null;
  onRun: (values: CreateValues, setFieldError: (field: string, message: string) => boolean) => void;
}) {
  const { control, handleSubmit, setError } = useForm<CreateValues>({ defaultValues: initial });
  const insured = useWatch({ control, name: 'insured' });
  const therapistId = useWatch({ control, name: 'therapistId' });
  const insuredLabelId = useId();
  const chosenTherapist = defaults.therapists.find((t) => t.therapistId === therapistId);

  const setFieldError = (field: string, message: string) => {
    const name = formFieldOf(field);
    if (name === null) return false;
    setError(name, { message }, { shouldFocus: true });
    return true;
  };

  return (
    <Stack
      component="form"
      noValidate
      aria-label="Create Report"
      spacing={2}
      onSubmit={(event) => {
        void handleSubmit((values) => {
          onRun(values, setFieldError);
        })(event);
      }}
    >
      {payers.length === 0 && <Alert severity="warning">{MESSAGES.noPayers}</Alert>}
      {defaults.therapists.length === 0 && (
        <Alert severity="warning">{MESSAGES.noTherapists}</Alert>
      )}
      <Controller
        name="payerId"
        control={control}
        rules={{ validate: required }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            select
            required
            label="Payer"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          >
            {payers.map((payer) => (
              <MenuItem key={payer.payerId} value={payer.payerId}>
                {payer.displayLabel}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="serviceCode"
        control={control}
        rules={{ validate: required }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            select
            required
            label="Service type"
            error={fieldState.invalid}
            helperText={fieldState.error?.message ?? 'The X12 service type the payer answers for.'}
          >
            {serviceTypes.map((type) => (
              <MenuItem key={type.code} value={type.code}>
                {`${type.code} - ${type.description}`}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="therapistId"
        control={control}
        rules={{ validate: required }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            select
            required
            label="Therapist"
            error={fieldState.invalid || (chosenTherapist !== undefined && !chosenTherapist.hasNpi)}
            helperText={
              fieldState.error?.message ??
              (chosenTherapist && !chosenTherapist.hasNpi
                ? "This therapist has no NPI; add it to the therapist's settings first."
                : 'The provider the payer is asked about, by NPI.')
            }
            onChange={(event) => {
              const id = Number(event.target.value);
              field.onChange(Number.isInteger(id) && id > 0 ? id : '');
            }}
          >
            {defaults.therapists.map((t) => (
              <MenuItem key={t.therapistId} value={t.therapistId}>
                {t.hasNpi ? t.name : `${t.name} (no NPI)`}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="insured"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id={insuredLabelId}>The client is</FormLabel>
            <RadioGroup
              row
              aria-labelledby={insuredLabelId}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
              }}
            >
              <FormControlLabel value="insured" control={<Radio />} label="Insured" />
              <FormControlLabel value="dependent" control={<Radio />} label="Dependent" />
            </RadioGroup>
          </FormControl>
        )}
      />
      {insured === 'dependent' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            name="insuredFirstName"
            control={control}
            rules={{ validate: all(required, max(35)) }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                required
                fullWidth
                label="Insured first name"
                autoComplete="off"
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="insuredLastName"
            control={control}
            rules={{ validate: all(required, max(60)) }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                required
                fullWidth
                label="Insured last name"
                autoComplete="off"
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="insuredRelationship"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                fullWidth
                label="Relationship to insured"
              >
                {RELATIONSHIPS.map((r) => (
                  <MenuItem key={r.value} value={r.value}>
                    {r.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      )}
      <Controller
        name="insuranceNumber"
        control={control}
        rules={{ validate: all(required, max(80)) }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            required
            label="Insurance number"
            autoComplete="off"
            error={fieldState.invalid}
            helperText={fieldState.error?.message ?? "The insured's member id."}
          />
        )}
      />
      {problem && <ProblemAlert problem={problem} />}
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || payers.length === 0 || defaults.therapists.length === 0}
        >
          {busy ? 'Running check…' : 'Run check'}
        </Button>
      </div>
    </Stack>
  );
}

function ProblemAlert({ problem }: { problem: CheckProblem }) {
  if (problem.kind === 'failure') {
    return (
      <Alert severity="warning" role="alert">
        <AlertTitle>{MESSAGES.rejectedTitle}</AlertTitle>
        {problem.message}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{MESSAGES.runCheck}</AlertTitle>
      {problem.message}
    </Alert>
  );
}
