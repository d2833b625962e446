import Button from '@mui/material/Button';
import { AVAILABILITY_MESSAGES } from '@openpractice/domain';

import { useConfirm } from '../../ui/confirm/use-confirm';
import { useStartOver } from './api/mutations';
import { useAvailabilityFeedback } from './feedback';

/** Clears every span, weekly hours and date exception of the therapist, after a confirm. */
export function StartOverButton({
  therapistId,
  therapistName,
  onCleared,
}: {
  therapistId: number;
  therapistName: string;
  onCleared: () => void;
}) {
  const startOver = useStartOver(therapistId);
  const confirm = useConfirm();
  const feedback = useAvailabilityFeedback();

  const onClick = async () => {
    const confirmed = await confirm({
      title: 'Start over?',
      message: `This deletes every availability span, all weekly hours and every date exception of ${therapistName}. It cannot be undone.`,
      confirmText: 'Start over',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await startOver.mutateAsync();
      feedback.saved('Availability cleared.');
      onCleared();
    } catch (error) {
      feedback.failed(AVAILABILITY_MESSAGES.problem, error);
    }
  };

  return (
    <Button
      color="error"
      variant="outlined"
      disabled={startOver.isPending}
      onClick={() => void onClick()}
    >
      Start over
    </Button>
  );
}
