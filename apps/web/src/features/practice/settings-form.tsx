import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toFieldValidator } from '@openpractice/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { errorMessage } from '../../lib/api-client';
import { useConfirm } from '../../ui/confirm/use-confirm';
import {
  INACTIVITY_LOCKOUT_MAX_MINUTES,
  useUpdatePracticeSettings,
  type PracticeSettings,
} from './api';
import type { RunProtected } from '../../ui/settings-section';
import { useSnackbar } from '../../ui/snackbar/snackbar';

export const SETTINGS_SAVED_MESSAGE = 'Settings saved.';

const validateMinutes = toFieldValidator([
  { name: 'required' },
  { name: 'number' },
  { name: 'lessThan', value: INACTIVITY_LOCKOUT_MAX_MINUTES + 1 },
]);

interface SettingsValues {
  inactivityLockoutMinutes: string;
}

/**
 * Whether the typed minutes differ from the saved setting: '30' and ' 030 ' are the
 * saved 30; anything that is not a number differs (Save then shows why it is refused).
 */
export function minutesChanged(typed: string, saved: number): boolean {
  const text = typed.trim();
  return text === '' || Number(text) !== saved;
}

export const DISABLE_LOCK_PHRASE = 'DISABLE';

/** The inactivity lock: 0 to turn it off, else minutes up to a working day. */
export function SettingsForm({
  settings,
  runProtected,
  onSaved,
}: {
  settings: PracticeSettings;
  runProtected: RunProtected;
  onSaved?: () => void;
}) {
  const save = useUpdatePracticeSettings();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm<SettingsValues>({
    defaultValues: { inactivityLockoutMinutes: String(settings.inactivityLockoutMinutes) },
  });
  // Save is for a change: compared with the saved settings, which a save replaces.
  const typed = useWatch({ control, name: 'inactivityLockoutMinutes' });
  const changed = minutesChanged(typed, settings.inactivityLockoutMinutes);

  /** Turning the lock off leaves unattended screens open: it must be confirmed by typing. */
  const confirmTurningOff = () =>
    confirm({
      title: 'Turn off the inactivity lock?',
      message:
        'Nobody will be signed out of an unattended screen any more, so client records may be seen by anyone passing by.',
      confirmText: 'Turn off',
      color: 'warning',
      requirePhrase: DISABLE_LOCK_PHRASE,
    });

  const onSubmit = handleSubmit(async (values) => {
    const minutes = Number(values.inactivityLockoutMinutes.trim());
    if (minutes === 0 && settings.inactivityLockoutMinutes !== 0 && !(await confirmTurningOff())) {
      return;
    }
    try {
      const saved = await runProtected(async () => {
        await save.mutateAsync({ inactivityLockoutMinutes: minutes });
      });
      if (!saved) return;
      enqueueSnackbar(SETTINGS_SAVED_MESSAGE, { variant: 'success' });
      onSaved?.();
    } catch {
      // The mutation's error is shown above the form.
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
        <Typography component="h2" variant="h6">
          Security
        </Typography>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <Controller
          name="inactivityLockoutMinutes"
          control={control}
          rules={{ validate: (value) => validateMinutes(value.trim()) }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Inactivity lock (minutes)"
              type="number"
              required
              slotProps={{ htmlInput: { min: 0, max: INACTIVITY_LOCKOUT_MAX_MINUTES, step: 1 } }}
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ??
                `Sign people out after this long without activity (0 turns the lock off; at most ${INACTIVITY_LOCKOUT_MAX_MINUTES}).`
              }
            />
          )}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!changed || save.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save
        </Button>
      </Stack>
    </Paper>
  );
}
