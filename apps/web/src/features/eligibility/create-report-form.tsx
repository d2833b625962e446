import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ServiceTypeOption } from '@openpractice/domain';
import { useForm, type Path } from 'react-hook-form';

import type { EligibilityDefaults, EligibilityPayer } from './api';
import type { CreateValues } from './create-values';
import { PayerField, ServiceTypeField, TherapistField } from './check-choice-fields';
import { InsuranceNumberField, InsuredFields } from './insured-fields';
import { MESSAGES } from './messages';

/** Why the last check did not move on to Review: the payer's rejection or no usable answer. */
export type CheckProblem =
  | { kind: 'failure'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'invalid'; message: string };

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
      <PayerField control={control} payers={payers} />
      <ServiceTypeField control={control} serviceTypes={serviceTypes} />
      <TherapistField control={control} therapists={defaults.therapists} />
      <InsuredFields control={control} />
      <InsuranceNumberField control={control} />
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
