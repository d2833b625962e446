import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { AVAILABILITY_MESSAGES } from '@openpractice/domain';
import { useEffect } from 'react';

import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useDefaultLocation, usePracticeLocations, useTelehealthCapability } from './api/queries';
import { ExceptionsSection } from './exceptions-section';
import { isAccessDenied, useAvailabilityFeedback } from './feedback';
import { SpansSection } from './spans-section';
import { StartOverButton } from './start-over-button';
import { useShownSpan } from './use-shown-span';
import { WeeklyDaysSection } from './weekly-days-section';

export const ACCESS_DENIED_TITLE = 'Access denied';

function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * One therapist's availability: spans, the weekly hours of the span shown
 * (the current one unless another is chosen), date exceptions, start over.
 */
export function TherapistAvailability({
  therapistId,
  therapistName,
  today,
}: {
  therapistId: number;
  therapistName: string;
  today: string;
}) {
  const { current, spanning, spans, shownId, shown, byId, setChosen } = useShownSpan(
    therapistId,
    today,
  );
  const telehealth = useTelehealthCapability(therapistId);
  const locations = usePracticeLocations();
  const defaultLocation = useDefaultLocation();
  const feedback = useAvailabilityFeedback();

  useEffect(() => {
    if (telehealth.isError) feedback.failed(AVAILABILITY_MESSAGES.problem, telehealth.error);
  }, [telehealth.isError, telehealth.error, feedback]);

  const readError = current.error ?? spanning.error;
  if (isAccessDenied(readError)) {
    return (
      <Alert severity="warning" role="alert">
        <AlertTitle>{ACCESS_DENIED_TITLE}</AlertTitle>
        {`You don't have access to this availability. ${errorMessage(readError)}`}
      </Alert>
    );
  }
  if (readError) {
    return (
      <RetryAlert
        message={AVAILABILITY_MESSAGES.loadFailed}
        onRetry={() => void feedback.reload()}
      />
    );
  }
  if (current.isPending || spanning.isPending || locations.isPending) {
    return <PageSpinner label="Loading availability" />;
  }

  const locationList = locations.data ?? [];
  const defaultLocationId = defaultLocation.data?.practiceLocationId ?? null;
  const telehealthAllowed = telehealth.data ?? false;

  return (
    <Stack spacing={4}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <StartOverButton
          therapistId={therapistId}
          therapistName={therapistName}
          onCleared={() => {
            setChosen(null);
          }}
        />
      </Stack>
      {locations.isError && (
        <RetryAlert
          message={AVAILABILITY_MESSAGES.problem}
          onRetry={() => void locations.refetch()}
        />
      )}
      <SpansSection
        therapistId={therapistId}
        spans={spans}
        currentSpanId={spanning.data?.currentSpanId ?? null}
        shownSpanId={shownId}
        onShow={setChosen}
      />
      {byId.isError ? (
        <RetryAlert
          message={AVAILABILITY_MESSAGES.findFailed}
          onRetry={() => void byId.refetch()}
        />
      ) : (
        <WeeklyDaysSection
          therapistId={therapistId}
          span={shown}
          loading={shownId !== null && shown === null}
          copySources={spans.filter((s) => s.dayCount > 0 && s.span_id !== shownId)}
          locations={locationList}
          defaultLocationId={defaultLocationId}
          defaultLocationMissing={defaultLocation.isError}
          telehealthAllowed={telehealthAllowed}
        />
      )}
      <ExceptionsSection
        therapistId={therapistId}
        today={today}
        locations={locationList}
        defaultLocationId={defaultLocationId}
        telehealthAllowed={telehealthAllowed}
      />
    </Stack>
  );
}
