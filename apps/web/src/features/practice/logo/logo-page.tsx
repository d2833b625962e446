import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOGO_BOX, LOGO_MAX_BYTES, LOGO_TOO_LARGE, type LogoKind } from '@openpractice/domain';
import { useId } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSnackbar } from '../../../ui/snackbar/snackbar';
import { useChangeLogo, usePracticeLogo } from './api';

const KIND_TEXT: Record<LogoKind, { title: string; help: string }> = {
  banner: {
    title: 'Banner',
    help: `Shown in clients' top bar and on statements and printed records. Shrunk to fit ${LOGO_BOX.banner.width} × ${LOGO_BOX.banner.height} pixels.`,
  },
  icon: {
    title: 'Icon',
    help: `A square mark for narrow screens. Shrunk to fit ${LOGO_BOX.icon.width} × ${LOGO_BOX.icon.height} pixels.`,
  },
};

function LogoSlot({
  kind,
  url,
  onChanged,
}: {
  kind: LogoKind;
  url: string | null;
  onChanged: () => void;
}) {
  const change = useChangeLogo(onChanged);
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const inputId = useId();
  const { title, help } = KIND_TEXT[kind];
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      enqueueSnackbar(LOGO_TOO_LARGE, { variant: 'error' });
      return;
    }
    try {
      await change.mutateAsync({ kind, file });
      enqueueSnackbar(`${title} saved.`, { variant: 'success' });
    } catch {
      // Shown in the card.
    }
  };
  const remove = async () => {
    const ok = await confirm({
      title: `Remove the ${title.toLowerCase()}?`,
      message: 'Clients will see the OpenPractice logo instead until you upload another.',
      confirmText: 'Remove',
      color: 'error',
    });
    if (!ok) return;
    try {
      await change.mutateAsync({ kind, file: null });
      enqueueSnackbar(`${title} removed.`, { variant: 'success' });
    } catch {
      // Shown in the card.
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={title}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        <Typography color="text.secondary">{help}</Typography>
        {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
        {url ? (
          <Box
            component="img"
            src={url}
            alt={`Practice ${title.toLowerCase()}`}
            sx={{ maxWidth: '100%', maxHeight: 160, alignSelf: 'flex-start', objectFit: 'contain' }}
          />
        ) : (
          <Typography>No {title.toLowerCase()} yet.</Typography>
        )}
        <Stack direction="row" spacing={2}>
          <Button
            variant="contained"
            component="label"
            htmlFor={inputId}
            disabled={change.isPending}
          >
            {url ? `Replace ${title.toLowerCase()}` : `Upload ${title.toLowerCase()}`}
            <input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg"
              hidden
              onChange={(event) => {
                void pick(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </Button>
          {url && (
            <Button color="error" onClick={() => void remove()} disabled={change.isPending}>
              Remove {title.toLowerCase()}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** `/practice/logo`: the practice's banner and icon (PNG or JPEG, checked and re-encoded). */
export function LogoPage({ onChanged }: { onChanged: () => void }) {
  const logo = usePracticeLogo();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h4">
        Practice logo
      </Typography>
      <Typography color="text.secondary">
        PNG or JPEG, at most 2 MB. Images are checked, shrunk and saved afresh without their hidden
        details (camera, location, comments).
      </Typography>
      {logo.isPending && <PageSpinner />}
      {logo.isError && <Alert severity="error">{errorMessage(logo.error)}</Alert>}
      {logo.data && (
        <>
          <LogoSlot kind="banner" url={logo.data.bannerUrl} onChanged={onChanged} />
          <LogoSlot kind="icon" url={logo.data.iconUrl} onChanged={onChanged} />
        </>
      )}
    </Stack>
  );
}
