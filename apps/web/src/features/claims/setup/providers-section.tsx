import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import type { FormErrors, SetupForm } from './form-state';

type Providers = SetupForm['providers'];
type Payers = SetupForm['payers'];

/**
 * Each active therapist as a rendering provider: their own NPI and taxonomy, and for a
 * supervisee the supervising therapist claims name. One card per therapist rather than a
 * table, so it reads on a phone.
 */
export function ProvidersSection({
  providers,
  errors,
  onChange,
}: {
  providers: Providers;
  errors: FormErrors;
  onChange: (next: Providers) => void;
}) {
  const change = (index: number, patch: Partial<Providers[number]>) => {
    onChange(providers.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  };
  return (
    <Stack component="section" spacing={2} aria-labelledby="rendering-heading">
      <Typography id="rendering-heading" component="h2" variant="h6">
        Rendering and supervising providers
      </Typography>
      {providers.length === 0 && <Typography>The practice has no active therapists.</Typography>}
      {providers.map((p, index) => {
        const at = (name: string) => errors[`providers.${String(index)}.${name}`];
        return (
          <Paper key={p.therapistId} variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              <Typography component="h3" variant="subtitle1">
                {p.name}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField
                  label={`Rendering NPI for ${p.name}`}
                  value={p.npi}
                  error={at('npi') !== undefined}
                  helperText={at('npi') ?? 'The therapist’s own (individual) NPI.'}
                  onChange={(e) => {
                    change(index, { npi: e.target.value });
                  }}
                />
                <TextField
                  label={`Taxonomy for ${p.name}`}
                  value={p.taxonomy}
                  error={at('taxonomy') !== undefined}
                  helperText={at('taxonomy')}
                  onChange={(e) => {
                    change(index, { taxonomy: e.target.value });
                  }}
                />
                <TextField
                  select
                  label={`Supervisor for ${p.name}`}
                  value={p.supervisingTherapistId ?? ''}
                  error={at('supervisingTherapistId') !== undefined}
                  helperText={at('supervisingTherapistId')}
                  onChange={(e) => {
                    const id = Number(e.target.value);
                    change(index, { supervisingTherapistId: id > 0 ? id : null });
                  }}
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="">Not supervised</MenuItem>
                  {providers
                    .filter((other) => other.therapistId !== p.therapistId)
                    .map((other) => (
                      <MenuItem key={other.therapistId} value={other.therapistId}>
                        {other.name}
                      </MenuItem>
                    ))}
                </TextField>
              </Stack>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The practice's payers: enrolled to send claims, and to receive ERAs. */
export function PayersSection({
  payers,
  onChange,
}: {
  payers: Payers;
  onChange: (next: Payers) => void;
}) {
  const change = (index: number, patch: Partial<Payers[number]>) => {
    onChange(payers.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  };
  return (
    <Stack component="section" spacing={1} aria-labelledby="payers-heading">
      <Typography id="payers-heading" component="h2" variant="h6">
        Payer enrolment
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Claims go only to payers enrolled for claims; remittances (ERAs) are expected only from
        payers enrolled for ERAs.
      </Typography>
      {payers.length === 0 && <Typography>The practice has no payers yet.</Typography>}
      {payers.map((p, index) => (
        <Stack
          key={p.practiceInsuranceId}
          direction="row"
          flexWrap="wrap"
          alignItems="center"
          columnGap={2}
          sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}
        >
          <Typography sx={{ flex: '1 1 200px' }}>
            {p.label}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({p.payerId})
            </Typography>
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={p.claimsEnrolled}
                onChange={(e) => {
                  change(index, { claimsEnrolled: e.target.checked });
                }}
                slotProps={{ input: { 'aria-label': `Claims with ${p.label}` } }}
              />
            }
            label="Claims"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={p.eraEnrolled}
                onChange={(e) => {
                  change(index, { eraEnrolled: e.target.checked });
                }}
                slotProps={{ input: { 'aria-label': `ERAs from ${p.label}` } }}
              />
            }
            label="ERAs"
          />
        </Stack>
      ))}
    </Stack>
  );
}
