import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import type { TherapistProfile } from './api';
import { TherapistAvatar } from './therapist-avatar';
import { TherapistFacts } from './therapist-facts';

const BIO_EXCERPT_LENGTH = 220;

/** The first sentences of a bio, cut at a word near 220 characters. */
export function bioExcerpt(bio: string | null): string {
  const text = (bio ?? '').trim();
  if (text.length <= BIO_EXCERPT_LENGTH) return text;
  const cut = text.slice(0, BIO_EXCERPT_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:.]$/, '')}…`;
}

/** One therapist in the directory's results. */
export function TherapistCard({ profile }: { profile: TherapistProfile }) {
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`therapist-${profile.therapistId}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
          <TherapistAvatar therapist={profile} />
          <div>
            <Typography component="h2" variant="h6" id={`therapist-${profile.therapistId}`}>
              {profile.displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {profile.practiceName}
            </Typography>
            <Chip
              size="small"
              sx={{ mt: 0.5 }}
              color={profile.acceptingNewClients ? 'success' : 'default'}
              variant={profile.acceptingNewClients ? 'filled' : 'outlined'}
              label={
                profile.acceptingNewClients ? 'Accepting new clients' : 'Not accepting new clients'
              }
            />
          </div>
        </Stack>
        {profile.bio && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {bioExcerpt(profile.bio)}
          </Typography>
        )}
        <TherapistFacts profile={profile} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={paths.findYourTherapist.therapist.getHref(profile.therapistId)}
          variant="contained"
          aria-label={`View availability for ${profile.displayName}`}
        >
          View availability
        </Button>
      </CardActions>
    </Card>
  );
}
