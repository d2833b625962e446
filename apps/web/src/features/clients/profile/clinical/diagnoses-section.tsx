import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { DiagnosisSearch } from '../../../../ui/diagnosis-search';
import { MAX_DIAGNOSES, type Diagnosis } from '../api/clinical';
import { addDiagnosis } from './clinical-values';
import { DiagnosisList } from './diagnosis-list';

/**
 * The claim's diagnoses in order, with the search that adds one (up to MAX_DIAGNOSES),
 * and the server's refusal of a diagnosis code.
 */
export function DiagnosesSection({
  diagnoses,
  onChange,
  codeError,
}: {
  diagnoses: Diagnosis[];
  onChange: (diagnoses: Diagnosis[]) => void;
  codeError: string | null;
}) {
  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="h6">
        Diagnoses
      </Typography>
      <Typography color="text.secondary">
        In claim order: the first is the primary diagnosis (at most {MAX_DIAGNOSES}).
      </Typography>
      <DiagnosisList diagnoses={diagnoses} onChange={onChange} />
      {codeError !== null && <Typography color="error">{codeError}</Typography>}
      <DiagnosisSearch
        label="Add a diagnosis (ICD-10)"
        chosen={diagnoses}
        disabled={diagnoses.length >= MAX_DIAGNOSES}
        onAdd={(diagnosis) => {
          onChange(addDiagnosis(diagnoses, diagnosis, MAX_DIAGNOSES));
        }}
      />
    </Stack>
  );
}
