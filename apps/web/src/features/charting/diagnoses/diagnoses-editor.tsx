import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_DIAGNOSES } from '@openpractice/domain';
import { useId } from 'react';

import { DiagnosisSearch } from '../../../ui/diagnosis-search';
import type { Diagnosis } from '../api/notes';
import { addDiagnosis, moveDiagnosis, removeDiagnosis } from './diagnosis-list-logic';

function DiagnosisItems({
  diagnoses,
  onChange,
  disabled,
}: {
  diagnoses: Diagnosis[];
  onChange?: (diagnoses: Diagnosis[]) => void;
  disabled: boolean;
}) {
  if (diagnoses.length === 0) return <Typography>No diagnoses.</Typography>;
  return (
    <List component="ol" aria-label="Diagnoses" dense disablePadding>
      {diagnoses.map((diagnosis, index) => (
        <ListItem
          key={diagnosis.code}
          divider
          secondaryAction={
            onChange && (
              <Stack direction="row">
                <IconButton
                  aria-label={`Move ${diagnosis.code} up`}
                  disabled={disabled || index === 0}
                  onClick={() => {
                    onChange(moveDiagnosis(diagnoses, index, -1));
                  }}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={`Move ${diagnosis.code} down`}
                  disabled={disabled || index === diagnoses.length - 1}
                  onClick={() => {
                    onChange(moveDiagnosis(diagnoses, index, 1));
                  }}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton
                  aria-label={`Remove ${diagnosis.code}`}
                  disabled={disabled}
                  onClick={() => {
                    onChange(removeDiagnosis(diagnoses, index));
                  }}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            )
          }
          sx={onChange ? { pr: 18 } : undefined}
        >
          <ListItemText
            primary={`${index + 1}. ${diagnosis.code}`}
            secondary={diagnosis.description}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The session's diagnoses (ICD-10-CM) in claim order, the first being the primary; with
 * `onChange`, each can be moved or removed and the search adds one (up to MAX_DIAGNOSES).
 */
export function DiagnosesSection({
  diagnoses,
  onChange,
  disabled = false,
}: {
  diagnoses: Diagnosis[];
  onChange?: (diagnoses: Diagnosis[]) => void;
  disabled?: boolean;
}) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={1}>
      <Typography id={titleId} component="h2" variant="h6">
        Diagnoses
      </Typography>
      {onChange && (
        <Typography variant="body2" color="text.secondary">
          In claim order: the first is the primary diagnosis (at most {MAX_DIAGNOSES}).
        </Typography>
      )}
      <DiagnosisItems diagnoses={diagnoses} onChange={onChange} disabled={disabled} />
      {onChange && (
        <DiagnosisSearch
          label="Add a diagnosis (ICD-10-CM)"
          chosen={diagnoses}
          disabled={disabled || diagnoses.length >= MAX_DIAGNOSES}
          onAdd={(diagnosis) => {
            onChange(addDiagnosis(diagnoses, diagnosis, MAX_DIAGNOSES));
          }}
        />
      )}
    </Stack>
  );
}
