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
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { appHref, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { SettingsSection, type RunProtected } from '../../ui/settings-section';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useBookingSettings, useUpdateBookingSettings, type BookingSettings } from './api';

export const BOOKING_SETTINGS_SAVED = 'Online booking settings saved.';

/**
 * The practice settings page's "Online booking" section: whether online
 * bookings are confirmed at once or wait for staff, and whether the public
 * directory lists the practice's therapists. Saving is a protected action,
 * like the rest of the settings page.
 */
export function OnlineBookingSettings({ runProtected }: { runProtected: RunProtected }) {
  const settings = useBookingSettings();
  return (
    <SettingsSection
      title="Online booking"
      query={settings}
      loadingLabel="Loading online booking settings"
    >
      {(data) => <BookingSettingsForm settings={data} runProtected={runProtected} />}
    </SettingsSection>
  );
}

function BookingSettingsForm({
  settings,
  runProtected,
}: {
  settings: BookingSettings;
  runProtected: RunProtected;
}) {
  const save = useUpdateBookingSettings();
  const notify = useNotify();
  const [mode, setMode] = useState(settings.selfBookingMode);
  const [listed, setListed] = useState(settings.publicDirectoryEnabled);
  const changed = mode !== settings.selfBookingMode || listed !== settings.publicDirectoryEnabled;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          try {
            const saved = await runProtected(async () => {
              await save.mutateAsync({ selfBookingMode: mode, publicDirectoryEnabled: listed });
            });
            if (saved) notify.success(BOOKING_SETTINGS_SAVED);
          } catch {
            // The mutation's error is shown above the form.
          }
        })();
      }}
    >
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <FormControl>
        <FormLabel id="self-booking-mode-label">When a client books online</FormLabel>
        <RadioGroup
          aria-labelledby="self-booking-mode-label"
          value={mode}
          onChange={(event) => {
            setMode(event.target.value as BookingSettings['selfBookingMode']);
          }}
        >
          <FormControlLabel
            value="request"
            control={<Radio />}
            label="Hold the time and let staff confirm or decline it"
          />
          <FormControlLabel value="instant" control={<Radio />} label="Confirm it at once" />
        </RadioGroup>
        <FormHelperText>
          Only a signed-in client booking with one of their own therapists is confirmed at once.
          Visitors&apos; requests, and a client asking a therapist who is new to them, always wait
          for staff, who say which client it is.
        </FormHelperText>
      </FormControl>
      <FormControlLabel
        control={
          <Switch
            checked={listed}
            onChange={(event) => {
              setListed(event.target.checked);
            }}
          />
        }
        label="List our therapists in the public directory"
      />
      <Typography variant="body2" color="text.secondary">
        Your practice's directory page:{' '}
        <Link href={appHref(paths.findYourTherapist.practice.getHref(settings.practiceId))}>
          {appHref(paths.findYourTherapist.practice.getHref(settings.practiceId))}
        </Link>
      </Typography>
      <Button
        type="submit"
        variant="contained"
        disabled={!changed || save.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save online booking
      </Button>
    </Stack>
  );
}
