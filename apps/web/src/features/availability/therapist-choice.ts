import type { EditorContext } from './api/types';

/**
 * Whose availability the page edits: the one named in the address when the
 * caller may choose (a therapist asking for a colleague still gets their
 * request, which the server refuses: the page then says access is denied);
 * else the caller's own record; else the first therapist listed.
 */
export function therapistToEdit(context: EditorContext, requested: number | null): number | null {
  if (requested !== null) return requested;
  if (context.currentTherapistId !== null) return context.currentTherapistId;
  return context.therapists[0]?.id ?? null;
}

/** The `?therapistId=` of the address as a positive whole number, else null. */
export function requestedTherapist(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
