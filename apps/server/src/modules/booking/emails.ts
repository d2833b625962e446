import type { MailContent } from '../../platform/mail.ts';
import { formatTimeWithZone } from '@openpractice/domain';

/**
 * The four emails of online booking, to the client. Plain text with the
 * time, therapist and place only: never the reason they gave (the email may
 * be read by others), nothing clinical.
 */

export const SUBJECTS = {
  confirmed: 'Your appointment is confirmed',
  requested: 'We received your appointment request',
  declined: 'Your appointment request was declined',
} as const;

export type BookingEmailFacts = {
  /** The name the client gave (or goes by). */
  name: string;
  practiceName: string;
  therapistName: string;
  start: string;
  timezone: string;
  isTelehealth: boolean;
  location: {
    name: string;
    addressLine1: string | null;
    city: string | null;
    state: string | null;
    zipcode: string | null;
  } | null;
};

/**
 * 'Tuesday, March 3, 2026 at 10:00 AM Eastern' on the practice's clocks: the
 * zone's name, the same all year, so a client elsewhere knows whose 10:00 it is.
 */
export function whenText(start: string, timezone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(start));
  return `${day} at ${formatTimeWithZone(start, timezone)}`;
}

function whereText(facts: BookingEmailFacts): string {
  if (facts.isTelehealth) return 'Telehealth (video). The practice will send you how to join.';
  if (!facts.location) return 'In person at the practice.';
  const address = [
    facts.location.addressLine1,
    [facts.location.city, [facts.location.state, facts.location.zipcode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
  ]
    .filter(Boolean)
    .join(', ');
  return `In person at ${facts.location.name}${address ? `, ${address}` : ''}.`;
}

function details(facts: BookingEmailFacts): string[] {
  return [
    `When: ${whenText(facts.start, facts.timezone)}`,
    `With: ${facts.therapistName}`,
    `Where: ${whereText(facts)}`,
  ];
}

const closing = (practiceName: string) => [
  '',
  `If you need to change or cancel, please contact ${practiceName}.`,
  'If you did not book this appointment, you can ignore this email or let the practice know.',
  '',
];

/** Booked and confirmed at once (instant mode), or confirmed by staff later. */
export function confirmedEmail(facts: BookingEmailFacts): MailContent {
  return {
    kind: 'booking_confirmed',
    subject: SUBJECTS.confirmed,
    text: [
      `Hello ${facts.name},`,
      '',
      `Your appointment with ${facts.practiceName} is confirmed.`,
      '',
      ...details(facts),
      ...closing(facts.practiceName),
    ].join('\n'),
  };
}

/** Request mode: the time is held until the practice confirms it. */
export function requestReceivedEmail(facts: BookingEmailFacts): MailContent {
  return {
    kind: 'booking_request_received',
    subject: SUBJECTS.requested,
    text: [
      `Hello ${facts.name},`,
      '',
      `${facts.practiceName} received your request for an appointment. The time is held for you;`,
      'the practice will confirm it by email.',
      '',
      ...details(facts),
      ...closing(facts.practiceName),
    ].join('\n'),
  };
}

export function declinedEmail(facts: BookingEmailFacts, reason: string | null): MailContent {
  return {
    kind: 'booking_request_declined',
    subject: SUBJECTS.declined,
    text: [
      `Hello ${facts.name},`,
      '',
      `${facts.practiceName} could not accept your appointment request, so it has been cancelled.`,
      '',
      ...details(facts),
      ...(reason ? ['', `Message from the practice: ${reason}`] : []),
      '',
      `You are welcome to choose another time online or to contact ${facts.practiceName}.`,
      '',
    ].join('\n'),
  };
}
