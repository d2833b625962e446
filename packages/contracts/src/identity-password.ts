import { PASSWORD_MAX_LENGTH } from '@openpractice/domain';
import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * "Forgot password?" (issue 21 item 5): anyone may ask for a link by username or email address.
 * The answer is the same whether or not an account matches, so it tells nobody who has one.
 */
export const PASSWORD_RESET_REQUESTED =
  'If an account matches, we have emailed its address a link to choose a new password. The link works once, within an hour.';

/** How long a self-service reset link works (a link a manager or the practice sends lasts longer). */
export const SELF_SERVICE_RESET_HOURS = 1;

export const requestPasswordReset = defineCall('POST', '/public/auth/forgotPassword', {
  body: z.object({
    username: z
      .string({ error: 'Enter your username or email address.' })
      .trim()
      .min(1, 'Enter your username or email address.')
      .max(254, 'That is longer than any username or email address.'),
  }),
  response: { 200: z.object({ message: z.string() }) },
});

/** Changing one's own password from the user menu; the other sessions of the account end. */
export const changePassword = defineCall('POST', '/user/changePassword', {
  body: z.object({
    currentPassword: z
      .string({ error: 'This is required.' })
      .min(1, 'This is required.')
      .max(PASSWORD_MAX_LENGTH),
    newPassword: z
      .string({ error: 'This is required.' })
      .min(1, 'This is required.')
      .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters`),
  }),
  response: {
    200: z.object({
      status: z.literal('ok'),
      /** How many other sessions of the account were ended. */
      endedSessions: z.number(),
    }),
  },
});
