import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STAFF_AUTHORITIES } from '@openpractice/domain';

/**
 * The roles a practice grants, each with what it lets the person do in plain
 * words. Only the roles the caller may grant can be changed; roles the person
 * holds that the caller cannot grant are shown, fixed.
 */
export function RoleChecklist({
  value,
  onChange,
  grantable,
  held = [],
  error,
  disabled = false,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  grantable: readonly string[];
  held?: readonly string[];
  error?: string | undefined;
  disabled?: boolean;
}) {
  const shown = STAFF_AUTHORITIES.filter(
    (a) => grantable.includes(a.authority) || held.includes(a.authority),
  );
  return (
    <FormControl component="fieldset" error={error !== undefined} disabled={disabled}>
      <FormLabel component="legend">Roles</FormLabel>
      {error && <FormHelperText>{error}</FormHelperText>}
      <Stack spacing={0.5} sx={{ mt: 1 }}>
        {shown.map((role) => {
          const checked = value.includes(role.authority);
          return (
            <FormControlLabel
              key={role.authority}
              sx={{ alignItems: 'flex-start' }}
              control={
                <Checkbox
                  checked={checked}
                  disabled={!grantable.includes(role.authority)}
                  onChange={(_event, on) => {
                    onChange(
                      on
                        ? [...value, role.authority]
                        : value.filter((authority) => authority !== role.authority),
                    );
                  }}
                  slotProps={{ input: { 'aria-describedby': `role-${role.authority}-explains` } }}
                />
              }
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', pt: 1 }}>
                    {role.label}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    id={`role-${role.authority}-explains`}
                    sx={{ display: 'block' }}
                  >
                    {role.explains}
                  </Typography>
                </span>
              }
            />
          );
        })}
      </Stack>
    </FormControl>
  );
}
