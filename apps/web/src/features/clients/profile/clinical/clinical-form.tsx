import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';

import { errorMessage } from '../../../../lib/api-client';
import { useUpdateClinicalInformation, type ClinicalInformation } from '../api/clinical';
import { pastDateRule } from '../lib/dates';
import { fieldOf } from '../lib/failure-message';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { AccidentFields } from './accident-fields';
import {
  accidentStateError,
  clinicalChanged,
  clinicalInput,
  clinicalValues,
  type ClinicalValues,
} from './clinical-values';
import { DiagnosesSection } from './diagnoses-section';

/** The clinical information of a claim: ordered diagnoses, onset date, accident. */
export function ClinicalForm({
  patientId,
  info,
}: {
  patientId: number;
  info: ClinicalInformation;
}) {
  const save = useUpdateClinicalInformation(patientId);
  const feedback = useSaveFeedback();
  const initial = useMemo(() => clinicalValues(info), [info]);
  const [values, setValues] = useState<ClinicalValues>(initial);
  const [onsetTouched, setOnsetTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const onsetRule = useMemo(() => pastDateRule(new Date()), []);

  const onsetCheck = onsetRule(values.onset);
  const onsetError =
    (onsetTouched || submitted) && onsetCheck !== true
      ? onsetCheck
      : serverError?.field === 'illnessOnsetDate'
        ? serverError.message
        : null;
  const stateError =
    submitted || values.accident.state.trim() !== '' ? accidentStateError(values.accident) : null;
  const hasChanges = clinicalChanged(initial, values);

  const change = (next: Partial<ClinicalValues>) => {
    setServerError(null);
    setValues((previous) => ({ ...previous, ...next }));
  };

  const onSubmit = async () => {
    setSubmitted(true);
    if (onsetCheck !== true || accidentStateError(values.accident) !== null) return;
    try {
      feedback.saved(await save.mutateAsync(clinicalInput(values)));
    } catch (error) {
      feedback.failed(MESSAGES.saveClinical, error);
      const field = fieldOf(error);
      if (field !== undefined) setServerError({ field, message: errorMessage(error) });
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-label="Clinical information"
      sx={{ maxWidth: 720 }}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <DiagnosesSection
        diagnoses={values.diagnoses}
        onChange={(diagnoses) => {
          change({ diagnoses });
        }}
        codeError={serverError?.field === 'diagnosisCode' ? serverError.message : null}
      />
      <TextField
        label="Onset date"
        placeholder="MM/DD/YYYY"
        value={values.onset}
        onChange={(event) => {
          change({ onset: event.target.value });
        }}
        onBlur={() => {
          setOnsetTouched(true);
        }}
        error={onsetError !== null}
        helperText={onsetError ?? 'When the illness or symptoms began.'}
        sx={{ maxWidth: 320 }}
      />
      <AccidentFields
        accident={values.accident}
        stateError={stateError}
        onChange={(accident) => {
          change({ accident });
        }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!hasChanges || save.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save
      </Button>
    </Stack>
  );
}
