import {
  chartStatusLabel,
  formatZonedDate,
  formatZonedTime,
  type NoteStatus,
} from '@openpractice/domain';

import type { HistoryEntry, NoteDetail, Signature } from './api/notes';

/** 'MM/DD/YYYY h:mm A' on the practice's clocks. */
export function formatWhen(at: string, timeZone: string): string {
  return `${formatZonedDate(at, timeZone)} ${formatZonedTime(at, timeZone)}`;
}

export function durationText(minutes: number): string {
  return `${minutes} minutes`;
}

const ACTION_LABELS: Record<HistoryEntry['action'], string> = {
  created: 'Started',
  sent: 'Sent for review',
  returned: 'Returned with feedback',
  cosigned: 'Co-signed',
  signed: 'Signed',
  unlocked: 'Unlocked',
  addendum_created: 'Addendum started',
};

/** What happened, as the history says it ('Signed', 'Returned with feedback'…). */
export function historyActionLabel(entry: HistoryEntry): string {
  const label = ACTION_LABELS[entry.action];
  return entry.addendumId !== null && entry.action !== 'addendum_created'
    ? `Addendum ${label.charAt(0).toLowerCase()}${label.slice(1)}`
    : label;
}

export function signatureRoleLabel(role: Signature['role']): string {
  return role === 'author' ? 'Author' : 'Co-signer';
}

/** The supervisor's latest feedback on the note itself (not an addendum), when it was returned. */
export function latestFeedback(note: NoteDetail): HistoryEntry | null {
  const returned = note.history.filter((h) => h.action === 'returned' && h.addendumId === null);
  return returned.at(-1) ?? null;
}

/** The latest feedback on one addendum. */
export function addendumFeedback(note: NoteDetail, addendumId: number): HistoryEntry | null {
  const returned = note.history.filter(
    (h) => h.action === 'returned' && h.addendumId === addendumId,
  );
  return returned.at(-1) ?? null;
}

/**
 * A note's or addendum's status in words (the domain's chartStatusLabel). A locked
 * addendum has no status constant of its own, yet it is signed and locked.
 */
export function recordStatusLabel(record: {
  type: 'note' | 'addendum';
  status: NoteStatus;
  statusConstant: string | null;
}): string {
  if (record.type === 'addendum' && record.status === 'locked') return 'Signed and locked';
  return chartStatusLabel(record.statusConstant);
}
