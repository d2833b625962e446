import type { identity } from '@openpractice/contracts/identity';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { practices } from '../../db/schema/index.ts';
import type { Auth } from '../../platform/sessions.ts';

/** The Identity of spec-1 §3, as GET /api/user/identity returns it. */
type Identity = z.output<typeof identity>;

export function identityOf(auth: Auth | null, csrf: string | null, isAgency: boolean): Identity {
  if (!auth) {
    return {
      isAuthenticated: false,
      authorities: [],
      id: null,
      practiceId: null,
      type: null,
      email: null,
      professionalName: null,
      screenReader: false,
      csrf,
      isAgency: false,
      impersonating: false,
      impersonationType: null,
      impersonatorName: null,
      impersonationEndsAt: null,
    };
  }
  const impersonating = auth.impersonationType === 'IMPERSONATION';
  return {
    isAuthenticated: true,
    authorities: auth.user.authorities,
    id: auth.user.id,
    practiceId: auth.practiceId,
    type: auth.user.type,
    email: auth.user.email,
    professionalName: auth.user.professionalName,
    screenReader: auth.user.screenReader,
    csrf,
    isAgency,
    impersonating,
    impersonationType: auth.impersonationType,
    impersonatorName: impersonating ? auth.realUser.professionalName : null,
    impersonationEndsAt: impersonating ? (auth.impersonationEndsAt?.toISOString() ?? null) : null,
  };
}

/** Whether the signed-in user's practice is an agency (the Identity's `isAgency`). */
export async function practiceIsAgency(db: Db, practiceId: number | null): Promise<boolean> {
  if (practiceId === null) return false;
  const [row] = await db
    .select({ isAgency: practices.isAgency })
    .from(practices)
    .where(eq(practices.id, practiceId));
  return row?.isAgency ?? false;
}
