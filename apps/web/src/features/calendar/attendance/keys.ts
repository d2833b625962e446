/**
 * The query key of the list of past sessions without attendance. Under
 * 'calendar', so a change the calendar refetches for refreshes it too; the
 * details dialog's attendance actions refresh it directly (keys only, so the
 * dialog does not load the page's code).
 */
export const attendanceToRecordKey = ['calendar', 'attendance-to-record'] as const;
