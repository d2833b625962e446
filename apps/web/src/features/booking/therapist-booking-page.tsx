import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';

import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import {
  useTherapistProfile,
  type BookableSlot,
  type BookingResult,
  type SlotMode,
  type TherapistProfile,
} from './api';
import { newBookingKey, practiceToday, weekStartFrom } from './booking-week';
import { NOT_TAKING_CLIENTS } from './booking-messages';
import { BookingSuccess } from './booking-success';
import { SlotBrowser } from './slot-browser';
import { TherapistAvatar } from './therapist-avatar';
import { TherapistFacts } from './therapist-facts';
import { VisitorBookingDialog } from './visitor-booking-dialog';
import { EMPTY_VISITOR, type VisitorFormValues } from './visitor-fields';
import { WidePublicPage } from './wide-public-page';

export const THERAPIST_MISSING = 'We could not find that therapist.';
export const PROFILE_LOAD_FAILED = "We could not load this therapist's profile.";

/**
 * `/public/findYourTherapist/:therapistId`: a listed therapist's profile and
 * seven days of their open online times (`?from=` in the address). Choosing a
 * time opens the booking form; the result says whether it is confirmed or
 * waits for the practice.
 */
export function TherapistBookingPage() {
  const { therapistId: raw } = useParams();
  const therapistId = raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const profile = useTherapistProfile(therapistId);
  const missing =
    therapistId === 0 || (profile.error instanceof ApiError && profile.error.status === 404);

  let content;
  if (missing) {
    content = <Alert severity="warning">{THERAPIST_MISSING}</Alert>;
  } else if (profile.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
            Retry
          </Button>
        }
      >
        {PROFILE_LOAD_FAILED} {errorMessage(profile.error)}
      </Alert>
    );
  } else if (profile.isPending) {
    content = <PageSpinner label="Loading the therapist's profile" />;
  } else {
    content = <TherapistBooking profile={profile.data} />;
  }

  return (
    <WidePublicPage>
      <Stack spacing={2}>
        <Link component={RouterLink} to={paths.findYourTherapist.getHref()}>
          Back to the therapist directory
        </Link>
        {content}
      </Stack>
    </WidePublicPage>
  );
}

interface Choice {
  slot: BookableSlot;
  timezone: string;
  durationMinutes: number;
  /** One key per attempt: a double submission books once. */
  key: string;
}

function TherapistBooking({ profile }: { profile: TherapistProfile }) {
  const [params, setParams] = useSearchParams();
  const today = practiceToday(new Date(), profile.timezone);
  const weekStart = weekStartFrom(params.get('from'), today);
  const [mode, setMode] = useState<SlotMode>('any');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<BookingResult | null>(null);
  const [remembered, setRemembered] = useState<VisitorFormValues>(EMPTY_VISITOR);

  if (result) {
    return (
      <BookingSuccess
        result={result}
        actions={
          <Link component={RouterLink} to={paths.findYourTherapist.getHref()}>
            Find another therapist
          </Link>
        }
      />
    );
  }

  return (
    <Stack spacing={3}>
      <ProfileHeader profile={profile} />

      <Stack component="section" spacing={2} aria-labelledby="choose-a-time">
        <Typography component="h2" variant="h5" id="choose-a-time">
          Choose a time
        </Typography>
        {!profile.acceptingNewClients ? (
          <Alert severity="info">{NOT_TAKING_CLIENTS}</Alert>
        ) : (
          <>
            {notice && (
              <Alert
                severity="warning"
                onClose={() => {
                  setNotice(null);
                }}
              >
                {notice}
              </Alert>
            )}
            <SlotBrowser
              booker="public"
              therapistId={profile.therapistId}
              therapistName={profile.displayName}
              offersBoth={profile.inPerson && profile.telehealth}
              today={today}
              weekStart={weekStart}
              onWeekChange={(start) => {
                const next = new URLSearchParams(params);
                next.set('from', start);
                setParams(next, { replace: true });
              }}
              mode={mode}
              onModeChange={setMode}
              onChoose={(slot, timezone, durationMinutes) => {
                setNotice(null);
                setChoice({ slot, timezone, durationMinutes, key: newBookingKey() });
              }}
            />
          </>
        )}
      </Stack>

      {choice && (
        <VisitorBookingDialog
          therapistId={profile.therapistId}
          therapistName={profile.displayName}
          slot={choice.slot}
          timezone={choice.timezone}
          durationMinutes={choice.durationMinutes}
          preferredMode={mode === 'any' ? 'any' : mode}
          today={today}
          attemptKey={choice.key}
          remembered={remembered}
          onRemember={setRemembered}
          onClose={() => {
            setChoice(null);
          }}
          onBooked={(booked) => {
            setChoice(null);
            setResult(booked);
            window.scrollTo({ top: 0 });
          }}
          onSlotGone={(message) => {
            // The booking's mutation looks the open times up again (see usePublicBooking).
            setChoice(null);
            setNotice(message);
          }}
        />
      )}
    </Stack>
  );
}

/** Who the therapist is: photo, name, practice, bio and what they offer. */
function ProfileHeader({ profile }: { profile: TherapistProfile }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <TherapistAvatar therapist={profile} size={96} />
        <Stack spacing={1.5} sx={{ flexGrow: 1 }}>
          <div>
            <Typography component="h1" variant="h4">
              {profile.displayName}
            </Typography>
            <Typography color="text.secondary">{profile.practiceName}</Typography>
          </div>
          {profile.bio && <Typography>{profile.bio}</Typography>}
          <TherapistFacts profile={profile} />
        </Stack>
      </Stack>
    </Paper>
  );
}
