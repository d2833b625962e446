import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import {
  useClientTherapists,
  type BookableSlot,
  type BookingResult,
  type ClientTherapist,
  type SlotMode,
} from './api';
import { newBookingKey, practiceToday, weekStartFrom } from './booking-week';
import { NOT_TAKING_CLIENTS } from './booking-messages';
import { BookingSuccess } from './booking-success';
import { ClientBookingDialog } from './client-booking-dialog';
import { SlotBrowser } from './slot-browser';
import { TherapistFacts } from './therapist-facts';

export const NO_THERAPISTS_TO_BOOK =
  'There is no therapist to book with online yet. Please contact the practice.';
export const THERAPISTS_LOAD_FAILED = 'We could not load your therapists.';

/**
 * `/selfSchedule` (spec-1 §2): a signed-in client books an appointment with
 * their own therapist (or another listed one), from the same slot browser as
 * the public page; their record says who they are.
 */
export function SelfSchedulePage() {
  const therapists = useClientTherapists();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4">
        Schedule an appointment
      </Typography>
      {therapists.isPending && <PageSpinner label="Loading your therapists" />}
      {therapists.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void therapists.refetch()}>
              Retry
            </Button>
          }
        >
          {THERAPISTS_LOAD_FAILED} {errorMessage(therapists.error)}
        </Alert>
      )}
      {therapists.data && therapists.data.data.length === 0 && (
        <Alert severity="info">{NO_THERAPISTS_TO_BOOK}</Alert>
      )}
      {therapists.data && therapists.data.data.length > 0 && (
        <SelfSchedule therapists={therapists.data.data} />
      )}
    </Stack>
  );
}

interface Choice {
  slot: BookableSlot;
  timezone: string;
  durationMinutes: number;
  key: string;
}

const optionLabel = (t: ClientTherapist) =>
  t.isMyTherapist ? `${t.displayName} (your therapist)` : t.displayName;

/**
 * The therapist and week shown live in the address (?therapistId=&from=), so a reload opens the
 * same view; changes replace the history entry, so Back leaves the page instead of stepping
 * through weeks.
 */
function useScheduleAddress(therapists: ClientTherapist[]) {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('therapistId'));
  const therapist = therapists.find((t) => t.therapistId === requested) ?? therapists[0];
  const today = therapist ? practiceToday(new Date(), therapist.timezone) : '';
  const weekStart = weekStartFrom(params.get('from'), today);
  const update = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) next.set(key, value);
    setParams(next, { replace: true });
  };
  return { therapist, today, weekStart, update };
}

function SelfSchedule({ therapists }: { therapists: ClientTherapist[] }) {
  const { therapist, weekStart, today, update } = useScheduleAddress(therapists);
  const [mode, setMode] = useState<SlotMode>('any');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<BookingResult | null>(null);
  if (!therapist) return null;
  const bookable = therapist.isMyTherapist || therapist.acceptingNewClients;

  if (result) {
    return (
      <SelfScheduleSuccess
        result={result}
        onAgain={() => {
          setResult(null);
        }}
      />
    );
  }

  return (
    <Stack spacing={3}>
      <TherapistPicker
        therapists={therapists}
        therapist={therapist}
        onPick={(therapistId) => {
          setNotice(null);
          update({ therapistId });
        }}
      />

      <Stack component="section" spacing={2} aria-labelledby="choose-a-time">
        <Typography component="h2" variant="h5" id="choose-a-time">
          Choose a time
        </Typography>
        {!bookable ? (
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
              booker="client"
              therapistId={therapist.therapistId}
              therapistName={therapist.displayName}
              offersBoth={therapist.inPerson && therapist.telehealth}
              today={today}
              weekStart={weekStart}
              onWeekChange={(start) => {
                update({ from: start });
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
        <ClientBookingDialog
          therapistId={therapist.therapistId}
          therapistName={therapist.displayName}
          slot={choice.slot}
          timezone={choice.timezone}
          durationMinutes={choice.durationMinutes}
          preferredMode={mode === 'any' ? 'any' : mode}
          attemptKey={choice.key}
          onClose={() => {
            setChoice(null);
          }}
          onBooked={(booked) => {
            setChoice(null);
            setResult(booked);
          }}
          onSlotGone={(message) => {
            setChoice(null);
            setNotice(message);
          }}
        />
      )}
    </Stack>
  );
}

/** Which therapist to book with, and what they offer, so the client can compare before choosing. */
function TherapistPicker({
  therapists,
  therapist,
  onPick,
}: {
  therapists: ClientTherapist[];
  therapist: ClientTherapist;
  onPick: (therapistId: string) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <TextField
          select
          label="Therapist"
          value={String(therapist.therapistId)}
          onChange={(event) => {
            onPick(event.target.value);
          }}
          sx={{ maxWidth: 420 }}
        >
          {therapists.map((t) => (
            <MenuItem key={t.therapistId} value={String(t.therapistId)}>
              {optionLabel(t)}
            </MenuItem>
          ))}
        </TextField>
        <TherapistFacts profile={therapist} />
      </Stack>
    </Paper>
  );
}

/** The booked appointment, with a way back to the slot browser for another one. */
function SelfScheduleSuccess({ result, onAgain }: { result: BookingResult; onAgain: () => void }) {
  return (
    <BookingSuccess
      result={result}
      headingComponent="h2"
      actions={
        <Button sx={{ alignSelf: 'flex-start' }} onClick={onAgain}>
          Book another appointment
        </Button>
      }
    />
  );
}
