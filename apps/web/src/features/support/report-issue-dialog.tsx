import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { toFieldValidator } from '@openpractice/domain';
import { useId } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';

import { errorMessage } from '../../lib/api-client';
import { SUPPORT_TICKET_LIMITS, useSendSupportTicket } from './api';
import { useSnackbar } from '../../ui/snackbar/snackbar';

export const REPORT_SENT_MESSAGE = 'Thanks — your report was sent to support.';

interface ReportForm {
  subject: string;
  message: string;
}

const validateSubject = toFieldValidator([
  { name: 'required' },
  { name: 'maxLength', value: SUPPORT_TICKET_LIMITS.subject },
]);
const validateMessage = toFieldValidator([
  { name: 'required' },
  { name: 'maxLength', value: SUPPORT_TICKET_LIMITS.message },
]);

function defaultSubject(error: string | undefined): string {
  const line = error?.split('\n')[0]?.trim();
  const subject = line ? `Problem: ${line}` : 'Problem report';
  return subject.slice(0, SUPPORT_TICKET_LIMITS.subject);
}

/**
 * 'Report the Issue': a help message to support, prefilled with the error the
 * user just met; the page's address goes with it.
 */
export function ReportIssueDialog({
  open,
  onClose,
  errorText,
}: {
  open: boolean;
  onClose: () => void;
  /** The error being reported, if any. */
  errorText?: string;
}) {
  const titleId = useId();
  const send = useSendSupportTicket();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset } = useForm<ReportForm>({
    values: {
      subject: defaultSubject(errorText),
      message: (errorText ?? '').slice(0, SUPPORT_TICKET_LIMITS.message),
    },
  });

  const close = () => {
    if (send.isPending) return;
    send.reset();
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    send.mutate(
      {
        subject: values.subject.trim(),
        message: values.message.trim(),
        pageUrl: window.location.href,
        errorMessage: errorText,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(REPORT_SENT_MESSAGE, { variant: 'success' });
          send.reset();
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>Report the Issue</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {send.isError && <Alert severity="error">{errorMessage(send.error)}</Alert>}
            <ReportFields control={control} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            Send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Subject and message, checked against the support ticket's limits. */
function ReportFields({ control }: { control: Control<ReportForm> }) {
  return (
    <>
      <Controller
        name="subject"
        control={control}
        rules={{ validate: validateSubject }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            label="Subject"
            required
            fullWidth
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="message"
        control={control}
        rules={{ validate: validateMessage }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            label="Message"
            required
            fullWidth
            multiline
            minRows={4}
            error={fieldState.invalid}
            helperText={
              fieldState.error?.message ?? 'Tell us what you were doing when this happened.'
            }
          />
        )}
      />
    </>
  );
}
