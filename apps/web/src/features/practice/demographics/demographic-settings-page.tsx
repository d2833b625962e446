import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSnackbar } from '../../../ui/snackbar/snackbar';
import {
  usePracticeDemographicSettings,
  useSaveDemographicSettings,
  type DemographicSettingsInput,
  type DemographicSettingsMap,
} from './api';
import { FieldRow, type FieldDraft } from './field-row';

function draftsOf(settings: DemographicSettingsMap): FieldDraft[] {
  return Object.entries(settings).map(([name, s]) => ({
    name,
    label: s.label,
    value: s.value,
    type: s.type,
    options: s.options.join('\n'),
    custom: s.custom,
  }));
}

/** The whole map, as the server wants it (spec-2 §7). */
function mapOf(drafts: FieldDraft[]): DemographicSettingsInput {
  return Object.fromEntries(
    drafts.map((d) => [
      d.name,
      {
        label: d.label,
        value: d.value,
        type: d.type,
        options:
          d.type === 'choice'
            ? d.options
                .split('\n')
                .map((o) => o.trim())
                .filter((o) => o !== '')
            : [],
      },
    ]),
  );
}

const newFieldName = () => `custom_${Math.random().toString(36).slice(2, 10)}`;

function SettingsEditor({ settings }: { settings: DemographicSettingsMap }) {
  const [drafts, setDrafts] = useState(() => draftsOf(settings));
  const save = useSaveDemographicSettings();
  const { enqueueSnackbar } = useSnackbar();
  const update = (index: number, next: FieldDraft) => {
    setDrafts((all) => all.map((d, i) => (i === index ? next : d)));
  };
  const onSave = async () => {
    try {
      const result = await save.mutateAsync(mapOf(drafts));
      enqueueSnackbar(
        result.status === 'unchanged' ? 'No changes to save.' : 'Demographic settings saved.',
        { variant: result.status === 'unchanged' ? 'info' : 'success' },
      );
    } catch {
      // Shown above the list: demographic setting errors show the error's own message (spec-2 §8).
    }
  };
  return (
    <Stack spacing={2}>
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <Box component="ul" aria-label="Demographic fields" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {drafts.map((draft, index) => (
          <FieldRow
            key={draft.name}
            field={draft}
            onChange={(next) => {
              update(index, next);
            }}
          />
        ))}
      </Box>
      <Stack direction="row" spacing={2}>
        <Button
          variant="outlined"
          onClick={() => {
            setDrafts((all) => [
              ...all,
              {
                name: newFieldName(),
                label: '',
                value: 'ON',
                type: 'text',
                options: '',
                custom: true,
              },
            ]);
          }}
        >
          Add custom field
        </Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => void onSave()}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}

/** `/practice/demographicSettings`: which demographic fields the practice collects (managers). */
export function DemographicSettingsPage() {
  const settings = usePracticeDemographicSettings();
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Typography component="h1" variant="h4">
        Demographic settings
      </Typography>
      <Typography color="text.secondary">
        Choose which demographic questions the practice asks. The client profile and registration
        follow these; required ones must be answered. Custom fields can be turned off, never
        deleted, so earlier answers are kept.
      </Typography>
      {settings.isPending && <PageSpinner />}
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
      {settings.data && <SettingsEditor key={settings.dataUpdatedAt} settings={settings.data} />}
    </Stack>
  );
}
