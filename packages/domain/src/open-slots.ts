/**
 * Open appointment slots (spec-1 §4 find an appointment, spec-2 §4
 * availability): where a booking of a given length fits inside a therapist's
 * availability, stepped by the block's "schedule every", clear of busy time
 * and not in the past. Everything here works on instants (ISO strings or
 * milliseconds), so a daylight-saving day needs no special case: the caller
 * has already turned each block's wall-clock hours into instants.
 */
import { offeredDurations } from './scheduling.ts';

export type OpenSlotMode = 'any' | 'inPerson' | 'telehealth';

/** One block of availability on one day, as instants. */
export interface OpenSlotBlock {
  therapistId: number;
  /** ISO instants; the block is [start, end). */
  start: string;
  end: string;
  /** Minutes between the starts a block offers (its "schedule every"). */
  scheduleEvery: number;
  locationId: number | null;
  inPersonEnabled: boolean;
  teletherapyEnabled: boolean;
  onlineScheduling: boolean;
}

/** Time a therapist is taken: a live booking or busy time on an outside calendar. */
export interface BusyInterval {
  therapistId: number;
  /** ISO instants; [start, end). */
  start: string;
  end: string;
}

export interface OpenSlotRules {
  durationMinutes: number;
  mode: OpenSlotMode;
  /** Public booking: only blocks with online scheduling on. */
  onlineOnly: boolean;
  /** Slots starting before this are in the past. */
  now: Date | string;
  /** When given, only slots starting in [from, to). */
  window?: { from: Date | string; to: Date | string };
}

export interface FoundSlot {
  therapistId: number;
  /** ISO instants (UTC, '…Z'). */
  start: string;
  end: string;
  locationId: number | null;
  inPerson: boolean;
  telehealth: boolean;
}

const MINUTE_MS = 60_000;

const msOf = (value: Date | string) =>
  value instanceof Date ? value.getTime() : Date.parse(value);

/** The lengths a lookup may ask for: the scheduling dialog's offered durations (15–105 minutes). */
export function isOfferedDuration(minutes: number): boolean {
  return offeredDurations().some((o) => o.minutes === minutes);
}

/** Whether a block can be booked the way the lookup asks (mode and online scheduling). */
export function blockServesMode(
  block: OpenSlotBlock,
  rules: Pick<OpenSlotRules, 'mode' | 'onlineOnly'>,
): boolean {
  if (rules.onlineOnly && !block.onlineScheduling) return false;
  switch (rules.mode) {
    case 'inPerson':
      return block.inPersonEnabled;
    case 'telehealth':
      return block.teletherapyEnabled;
    case 'any':
      return block.inPersonEnabled || block.teletherapyEnabled;
  }
}

type Interval = { start: number; end: number };

/** The therapist's busy intervals, sorted by start, as milliseconds (bad instants dropped). */
function busyByTherapist(busy: readonly BusyInterval[]): Map<number, Interval[]> {
  const map = new Map<number, Interval[]>();
  for (const b of busy) {
    const start = Date.parse(b.start);
    const end = Date.parse(b.end);
    if (Number.isNaN(start) || Number.isNaN(end) || end <= start) continue;
    const list = map.get(b.therapistId) ?? [];
    list.push({ start, end });
    map.set(b.therapistId, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.start - b.start);
  return map;
}

/** Half-open intervals meet when each starts before the other ends (back to back is free). */
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * The open slots: each starts at its block's start plus a whole number of
 * "schedule every" steps, lies wholly inside the block, meets no busy
 * interval of its therapist and does not start before `now` (nor outside the
 * window when one is given). Blocks that do not serve the mode, or are not
 * bookable online when `onlineOnly`, give nothing.
 *
 * Two blocks of one therapist can offer the same start (overlapping spans, or
 * extra hours on top of the weekly ones): the slot is listed once, from the
 * first block by start; a second block at the same location adds its modes.
 * Slots come sorted by start, then therapist.
 */
export function openSlots(
  blocks: readonly OpenSlotBlock[],
  busy: readonly BusyInterval[],
  rules: OpenSlotRules,
): FoundSlot[] {
  const durationMs = rules.durationMinutes * MINUTE_MS;
  if (!Number.isFinite(durationMs) || durationMs <= 0) return [];
  const nowMs = msOf(rules.now);
  const fromMs = rules.window ? msOf(rules.window.from) : -Infinity;
  const toMs = rules.window ? msOf(rules.window.to) : Infinity;
  const earliest = Math.max(nowMs, fromMs);
  const busyOf = busyByTherapist(busy);

  const ordered = blocks
    .map((block) => ({ block, start: Date.parse(block.start), end: Date.parse(block.end) }))
    .filter((b) => !Number.isNaN(b.start) && !Number.isNaN(b.end) && b.end > b.start)
    .sort((a, b) => a.start - b.start || a.block.therapistId - b.block.therapistId);

  const found = new Map<string, FoundSlot>();
  for (const { block, start, end } of ordered) {
    if (!blockServesMode(block, rules)) continue;
    const stepMs = block.scheduleEvery * MINUTE_MS;
    if (!Number.isFinite(stepMs) || stepMs <= 0) continue;
    const taken = (busyOf.get(block.therapistId) ?? []).filter((b) => overlaps(b, { start, end }));
    for (let s = start; s + durationMs <= end; s += stepMs) {
      if (s < earliest || s >= toMs) continue;
      const slot = { start: s, end: s + durationMs };
      if (taken.some((b) => overlaps(b, slot))) continue;
      const key = `${block.therapistId}@${s}`;
      const inPerson = block.inPersonEnabled && rules.mode !== 'telehealth';
      const telehealth = block.teletherapyEnabled && rules.mode !== 'inPerson';
      const earlier = found.get(key);
      if (earlier) {
        if (earlier.locationId === block.locationId) {
          earlier.inPerson ||= inPerson;
          earlier.telehealth ||= telehealth;
        }
        continue;
      }
      found.set(key, {
        therapistId: block.therapistId,
        start: new Date(s).toISOString(),
        end: new Date(slot.end).toISOString(),
        locationId: block.locationId,
        inPerson,
        telehealth,
      });
    }
  }
  return [...found.values()].sort(
    (a, b) => Date.parse(a.start) - Date.parse(b.start) || a.therapistId - b.therapistId,
  );
}
