import { REQUIRED_MESSAGE } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf } from './common.ts';
import { defineCall } from './define.ts';
import { userType } from './identity.ts';

/** Internal support staff acting as a practice's user, and stopping again. */

const id = z.coerce.number().int().positive();
const ok = z.object({ status: z.literal('ok') });

export const listImpersonationPractices = defineCall('GET', '/system/impersonation/practices', {
  response: { 200: dataOf(z.array(z.object({ id: z.number(), name: z.string() }))) },
});

/** The practice's active staff, the only users support may act as. */
export const listImpersonationUsers = defineCall('GET', '/system/impersonation/users', {
  querystring: z.object({ practiceId: id }),
  response: {
    200: dataOf(
      z.array(
        z.object({
          id: z.number(),
          professionalName: z.string(),
          username: z.string(),
          type: userType,
        }),
      ),
    ),
  },
});

export const impersonateUser = defineCall('POST', '/system/impersonateUser/default', {
  body: z.object({
    user_id: id,
    practice_id: id,
    /** Shown to the practice on its audit page with everything done meanwhile. */
    reason: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .min(1, REQUIRED_MESSAGE)
      .max(500, 'Keep the reason to 500 characters or fewer.'),
  }),
  /** `endsAt`: when support access ends by itself (ISO time). */
  response: { 200: z.object({ status: z.literal('ok'), endsAt: z.string() }) },
});

export const stopImpersonating = defineCall('POST', '/system/impersonateUser/stop', {
  response: { 200: ok },
});
