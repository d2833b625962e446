import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { SettingsSection, type RunProtected } from '../../../ui/settings-section';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useChartingSettings, useSaveChartingSettings, type ChartingSettings } from './api';

export const CHARTING_SETTINGS_SAVED = 'Charting settings saved.';
const HOURS_MESSAGE = 'Enter a whole number of hours from 1 to 8760.';

/**
 * The practice settings page's "Charting" section (issue 17 items 2 and 6), for managers:
 * whether a session is billed only once its note is signed, and whether and until when a
 * manager may unlock a signed note. Saving is a protected action like the rest of the page.
 */
export function ChartingSettingsSection({ runProtected }: { runProtected: RunProtected }) {
  const settings = useChartingSettings();
  return (
    <SettingsSection
      title="Charting"
      query={settings}
      loadingLabel="Loading charting settings"
      footer={
        <Link
          component={RouterLink}
          to={paths.noteTemplates.getHref()}
          sx={{ alignSelf: 'flex-start' }}
        >
          Note templates and their versions
        </Link>
      }
    >
      {(data) => <ChartingSettingsForm settings={data} runProtected={runProtected} />}
    </SettingsSection>
  );
}

function ChartingSettingsForm({
  settings,
  runProtected,
}: {
  settings: ChartingSettings;
  runProtected: RunProtected;
}) {
  const save = useSaveChartingSettings();
  const notify = useNotify();
  const [required, setRequired] = useState(settings.signedNoteRequiredForBilling);
  const [policy, setPolicy] = useState(settings.noteUnlockPolicy);
  const [hours, setHours] = useState(String(settings.noteUnlockHours));
  const hoursNumber = Number(hours);
  const hoursValid = /^\d+$/.test(hours) && hoursNumber >= 1 && hoursNumber <= 8760;
  const changed =
    required !== settings.signedNoteRequiredForBilling ||
    policy !== settings.noteUnlockPolicy ||
    (hoursValid && hoursNumber !== settings.noteUnlockHours);

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        if (!hoursValid) return;
        void (async () => {
          try {
            const saved = await runProtected(async () => {
              await save.mutateAsync({
                signedNoteRequiredForBilling: required,
                noteUnlockPolicy: policy,
                noteUnlockHours: hoursNumber,
              });
            });
            if (saved) notify.success(CHARTING_SETTINGS_SAVED);
          } catch {
            // The mutation's error is shown above the form.
          }
        })();
      }}
    >
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <FormControlLabel
        control={
          <Switch
            checked={required}
            onChange={(event) => {
              setRequired(event.target.checked);
            }}
          />
        }
        label="Bill a session only once its note is signed"
      />
      <UnlockPolicyFields
        policy={policy}
        onPolicy={setPolicy}
        hours={hours}
        onHours={setHours}
        hoursValid={hoursValid}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!changed || !hoursValid || save.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save charting
      </Button>
    </Stack>
  );
}

/** The unlock rule: never, within N hours of signing, or any time (managers only). */
function UnlockPolicyFields({
  policy,
  onPolicy,
  hours,
  onHours,
  hoursValid,
}: {
  policy: ChartingSettings['noteUnlockPolicy'];
  onPolicy: (policy: ChartingSettings['noteUnlockPolicy']) => void;
  hours: string;
  onHours: (hours: string) => void;
  hoursValid: boolean;
}) {
  return (
    <>
      <FormControl>
        <FormLabel id="note-unlock-policy-label">Unlocking a signed note</FormLabel>
        <RadioGroup
          aria-labelledby="note-unlock-policy-label"
          value={policy}
          onChange={(event) => {
            onPolicy(event.target.value as ChartingSettings['noteUnlockPolicy']);
          }}
        >
          <FormControlLabel
            value="never"
            control={<Radio />}
            label="Never: add an addendum instead"
          />
          <FormControlLabel
            value="within"
            control={<Radio />}
            label="Managers may unlock within a number of hours of signing"
          />
          <FormControlLabel
            value="any"
            control={<Radio />}
            label="Managers may unlock at any time"
          />
        </RadioGroup>
        <FormHelperText>
          Unlocking keeps the signed version and opens a new draft; the reason is kept in the
          note&apos;s history.
        </FormHelperText>
      </FormControl>
      {policy === 'within' && (
        <TextField
          label="Hours after signing"
          value={hours}
          inputMode="numeric"
          onChange={(event) => {
            onHours(event.target.value.trim());
          }}
          error={!hoursValid}
          helperText={hoursValid ? ' ' : HOURS_MESSAGE}
          sx={{ maxWidth: 240 }}
        />
      )}
    </>
  );
}
