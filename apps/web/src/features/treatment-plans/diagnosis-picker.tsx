import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PLAN_LIMITS } from '@openpractice/domain';

import { DiagnosisSearch } from '../../ui/diagnosis-search';
import type { Diagnosis } from './api';

/** The plan's diagnoses from the shipped ICD-10 list, searched by code or words, primary first. */
export function DiagnosisPicker({
  value,
  onChange,
  label,
}: {
  value: readonly Diagnosis[];
  onChange: (next: Diagnosis[]) => void;
  label: string;
}) {
  const full = value.length >= PLAN_LIMITS.diagnoses;

  return (
    <Stack spacing={1}>
      {value.length > 0 && (
        <Box component="ol" aria-label="Diagnoses" sx={{ m: 0, pl: 3 }}>
          {value.map((d) => (
            <li key={d.code}>
              {d.code} {d.description}{' '}
              <Button
                size="small"
                onClick={() => {
                  onChange(value.filter((x) => x.code !== d.code));
                }}
                aria-label={`Remove ${d.code}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </Box>
      )}
      <DiagnosisSearch
        label={label}
        chosen={value}
        disabled={full}
        onAdd={(diagnosis) => {
          onChange([...value, diagnosis]);
        }}
      />
    </Stack>
  );
}
