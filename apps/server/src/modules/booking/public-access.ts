import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { listedTherapist } from './directory-queries.ts';
import { THERAPIST_NOT_FOUND } from './messages.ts';

/**
 * Route config of the public directory's reads (and of the slots lookup): no sign-in, no
 * audit (nothing here reads or writes a client record), rate limited per address.
 */
export function publicReadConfig(publicRateLimit: number) {
  return {
    access: 'public' as const,
    audit: 'none' as const,
    rateLimit: { max: publicRateLimit, timeWindow: '1 minute' },
  };
}

/** Route config of a public booking: it writes rows and sends mail, so a tighter limit than reading. */
export function publicBookingConfig(publicRateLimit: number) {
  return {
    access: 'public' as const,
    // A booking leaves a request only, never a client record.
    audit: 'none' as const,
    rateLimit: { max: Math.max(5, Math.floor(publicRateLimit / 4)), timeWindow: '1 minute' },
  };
}

/** A therapist the public directory lists; 404 otherwise (an unlisted one is not revealed). */
export async function listedProfileOr404(db: Db, therapistId: number, now: Date) {
  const profile = await listedTherapist(db, therapistId, now);
  if (!profile) throw notFound(THERAPIST_NOT_FOUND);
  return profile;
}
