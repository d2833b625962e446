import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { Diagnosis } from '../api/clinical';
import { moveDiagnosis, removeDiagnosis } from './clinical-values';

/** The chosen diagnoses as a numbered list, each movable up or down and removable. */
export function DiagnosisList({
  diagnoses,
  onChange,
}: {
  diagnoses: Diagnosis[];
  onChange: (diagnoses: Diagnosis[]) => void;
}) {
  if (diagnoses.length === 0) return <Typography>No diagnoses.</Typography>;
  return (
    <List component="ol" aria-label="Diagnoses" dense disablePadding>
      {diagnoses.map((diagnosis, index) => (
        <ListItem
          key={diagnosis.code}
          divider
          secondaryAction={
            <Stack direction="row">
              <IconButton
                aria-label={`Move ${diagnosis.code} up`}
                disabled={index === 0}
                onClick={() => {
                  onChange(moveDiagnosis(diagnoses, index, -1));
                }}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Move ${diagnosis.code} down`}
                disabled={index === diagnoses.length - 1}
                onClick={() => {
                  onChange(moveDiagnosis(diagnoses, index, 1));
                }}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Remove ${diagnosis.code}`}
                onClick={() => {
                  onChange(removeDiagnosis(diagnoses, index));
                }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          }
          sx={{ pr: 18 }}
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
