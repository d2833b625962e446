import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { DirectoryLocation, TherapistProfile } from './api';

/** 'Main Office, Portland, ME'. */
export function locationText(location: DirectoryLocation): string {
  return [location.name, location.city, location.state].filter(Boolean).join(', ');
}

/** How the therapist sees clients online: in person, by telehealth, or both. */
export function modesText(profile: Pick<TherapistProfile, 'inPerson' | 'telehealth'>): string {
  if (profile.inPerson && profile.telehealth) return 'In person and telehealth';
  if (profile.telehealth) return 'Telehealth only';
  if (profile.inPerson) return 'In person only';
  return 'No online booking times yet';
}

/** One labelled line of the profile: 'Locations: Main Office, Portland, ME'. */
function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Typography variant="body2">
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {label}:
      </Typography>{' '}
      {children}
    </Typography>
  );
}

/** Specialties, locations, telehealth and insurance accepted, as the directory and the profile show them. */
export function TherapistFacts({ profile }: { profile: TherapistProfile }) {
  return (
    <Stack spacing={1}>
      {profile.specialties.length > 0 && (
        <Stack
          direction="row"
          component="ul"
          aria-label={`Specialties of ${profile.displayName}`}
          sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
        >
          {profile.specialties.map((specialty) => (
            <li key={specialty}>
              <Chip size="small" label={specialty} />
            </li>
          ))}
        </Stack>
      )}
      <Fact label="Locations">
        {profile.locations.length > 0
          ? profile.locations.map(locationText).join('; ')
          : profile.telehealth
            ? 'Telehealth'
            : 'None listed'}
      </Fact>
      <Fact label="Sessions">{modesText(profile)}</Fact>
      <Fact label="Insurance accepted">
        {profile.insuranceAccepted.length > 0
          ? profile.insuranceAccepted.map((i) => i.name).join(', ')
          : 'Private pay only'}
      </Fact>
    </Stack>
  );
}
