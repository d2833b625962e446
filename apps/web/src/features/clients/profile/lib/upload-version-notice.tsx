import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/**
 * A file uploaded by the client (or through a link by someone else than its
 * staff user) replaces nothing until staff decide: this shows the new image
 * with Accept and Reject. Shared by the photo ID and the insurance card
 * photos; each caller says what the decision does and how it is confirmed.
 */
export function UploadVersionNotice({
  title,
  imageUrl,
  imageAlt,
  busy,
  onAccept,
  onReject,
  acceptLabel,
  rejectLabel,
}: {
  /** Shown, and the region's name. */
  title: string;
  imageUrl: string;
  imageAlt: string;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
  /** Accessible names when several notices can show at once (they start with the visible text). */
  acceptLabel?: string;
  rejectLabel?: string;
}) {
  return (
    <Alert severity="warning" role="region" aria-label={title} sx={{ alignSelf: 'stretch' }}>
      <AlertTitle>{title}</AlertTitle>
      <Stack spacing={1}>
        <Box
          component="img"
          src={imageUrl}
          alt={imageAlt}
          sx={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={busy} aria-label={acceptLabel} onClick={onAccept}>
            Accept
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            aria-label={rejectLabel}
            onClick={onReject}
          >
            Reject
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
