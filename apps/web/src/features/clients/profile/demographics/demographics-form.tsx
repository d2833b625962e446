import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import { demographicAnswerMessage } from '@openpractice/domain';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { useUpdateDemographics, type DemographicSetting } from '../api/demographics';
import { changedFields, wireText } from '../lib/changed-fields';
import { FormTextField } from '../lib/form-text-field';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

/** A collected field as the practice's settings describe it (issue 16: type, options, required). */
export type DemographicField = DemographicSetting & { name: string };

const INPUT_TYPE = { text: 'text', number: 'text', date: 'date', yesNo: 'text', choice: 'text' };

/** The choices of a yes/no or choice field (blank first, to leave it unanswered). */
function choicesOf(field: DemographicField): string[] | null {
  if (field.type === 'yesNo') return ['', 'Yes', 'No'];
  if (field.type === 'choice') return ['', ...field.options];
  return null;
}

/**
 * One free-text answer per collected field. The form's keys are the field
 * names, which react-hook-form would read as paths, so they are kept as an
 * array of answers in field order.
 */
export function DemographicsForm({
  patientId,
  fields,
  values,
}: {
  patientId: number;
  fields: DemographicField[];
  values: Record<string, string | null>;
}) {
  const save = useUpdateDemographics(patientId);
  const feedback = useSaveFeedback();
  const initial = useMemo(
    () => Object.fromEntries(fields.map((f, i) => [`a${i}`, values[f.name] ?? ''])),
    [fields, values],
  );
  const { control, handleSubmit } = useForm<Record<string, string>>({ defaultValues: initial });
  const current = useWatch({ control });
  const hasChanges =
    changedFields(initial, { ...initial, ...current } as Record<string, string>).length > 0;

  const onSubmit = handleSubmit(async (answers) => {
    const changes = changedFields(initial, answers).map((key) => ({
      field: fields[Number(key.slice(1))]?.name ?? '',
      value: wireText(answers[key] ?? ''),
    }));
    if (changes.length === 0) {
      feedback.notify.info(MESSAGES.noChanges);
      return;
    }
    try {
      feedback.saved(await save.mutateAsync(changes));
    } catch (error) {
      feedback.failed(MESSAGES.saveDemographics, error);
    }
  });

  if (fields.length === 0) {
    return <Typography>The practice does not collect demographic information.</Typography>;
  }
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-label="Demographics"
      onSubmit={(event) => void onSubmit(event)}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          maxWidth: 720,
        }}
      >
        {fields.map((field, i) => {
          const choices = choicesOf(field);
          return (
            <FormTextField
              key={field.name}
              control={control}
              name={`a${i}`}
              label={field.label}
              required={field.value === 'REQUIRED'}
              select={choices !== null}
              type={INPUT_TYPE[field.type]}
              slotProps={{
                inputLabel: field.type === 'date' ? { shrink: true } : {},
                htmlInput: field.type === 'number' ? { inputMode: 'decimal' } : {},
              }}
              validate={(value: string) => demographicAnswerMessage(field, value)}
            >
              {choices?.map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {choice === '' ? 'Not answered' : choice}
                </MenuItem>
              ))}
            </FormTextField>
          );
        })}
      </Box>
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
