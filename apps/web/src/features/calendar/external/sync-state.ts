import { formatTime, formatUsDate } from '@openpractice/domain';

import type { ExternalCalendar, SyncResult } from './api';

/** The line under a calendar's name: when it last synced, and how that went. */
export function syncStateText(
  calendar: Pick<ExternalCalendar, 'lastSyncedAt' | 'lastSyncStatus' | 'lastSyncError' | 'skipped'>,
): string {
  if (calendar.skipped) return 'Holiday or contacts calendar: its events are not read.';
  if (calendar.lastSyncStatus === 'never' || calendar.lastSyncedAt === null) {
    return 'Not synced yet.';
  }
  const when = `${formatUsDate(calendar.lastSyncedAt)} at ${formatTime(calendar.lastSyncedAt)}`;
  if (calendar.lastSyncStatus === 'failure') {
    return `Last sync failed ${when}${calendar.lastSyncError ? `: ${calendar.lastSyncError}` : '.'}`;
  }
  return `Last synced ${when}.`;
}

/** Counts of the busy items a calendar holds, as a short phrase. */
export function eventCountText(count: number): string {
  return count === 1 ? '1 busy item' : `${count} busy items`;
}

/** One sync run succeeded only if every calendar did (a legacy 'failure' is a failure). */
export function allSucceeded(results: readonly SyncResult[]): boolean {
  return results.every((r) => r.status === 'success');
}
