import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import {
  practices,
  staffAccountLinks,
  users,
  type StaffLinkPurpose,
} from '../../../db/schema/index.ts';
import { emailLink } from '../../../platform/links.ts';
import type { MailContent, MailResult } from '../../../platform/mail.ts';
import { randomToken, sha256 } from '../../../platform/tokens.ts';

/**
 * The emailed staff links: activation (an invitation, valid 7 days) and
 * password reset (24 hours). The link carries a random token; only its
 * SHA-256 is stored, as for sessions. A link works once, and a new link for
 * the same person ends the ones sent before.
 */
export const STAFF_ACTIVATION_DAYS = 7;
export const STAFF_RESET_HOURS = 24;

/** Where the web app completes each link (under the /n/ base path). */
export const STAFF_LINK_PATHS: Record<StaffLinkPurpose, string> = {
  activate: '/n/public/staff/activate',
  reset: '/n/public/staff/resetPassword',
};

export const LINK_INVALID =
  'This link has expired or has already been used. Ask your practice to send a new one.';

const HOUR_MS = 3_600_000;

type Person = {
  userId: number;
  practiceId: number;
  firstName: string;
  username: string;
  email: string;
};

function emailFor(
  purpose: StaffLinkPurpose,
  input: { name: string; practiceName: string; username: string; url: string },
  selfServiceHours: number | undefined,
): MailContent {
  const resetHours = selfServiceHours ?? STAFF_RESET_HOURS;
  const opening =
    purpose === 'activate'
      ? [
          `${input.practiceName} has created an account for you.`,
          `To choose your password, open this link within ${STAFF_ACTIVATION_DAYS} days:`,
        ]
      : [
          selfServiceHours === undefined
            ? `${input.practiceName} has sent you a link to choose a new password.`
            : `You asked for a link to choose a new password for your ${input.practiceName} account.`,
          `Open this link within ${resetHours === 1 ? 'an hour' : `${String(resetHours)} hours`}:`,
        ];
  return {
    kind: purpose === 'activate' ? 'staff_invitation' : 'staff_password_reset',
    subject:
      purpose === 'activate'
        ? `Your ${input.practiceName} account`
        : `Reset your ${input.practiceName} password`,
    text: [
      `Hello ${input.name},`,
      '',
      ...opening,
      '',
      input.url,
      '',
      `Your username is: ${input.username}`,
      '',
      'The link works once. If it has expired, ask your practice to send a new one.',
      'If you were not expecting this email, you can ignore it.',
      '',
    ].join('\n'),
  };
}

/**
 * Issues a new link (ending older ones) and emails it; the email log keeps it whatever happens.
 * `selfServiceHours`: a reset the person asked for themself ("Forgot password?"), lasting that long.
 */
export async function sendStaffLink(
  app: Pick<FastifyInstance, 'db' | 'mailer' | 'now' | 'publicUrl'>,
  person: Person,
  purpose: StaffLinkPurpose,
  selfServiceHours?: number,
): Promise<MailResult> {
  const now = app.now();
  const token = randomToken(32);
  await app.db
    .update(staffAccountLinks)
    .set({ usedAt: now })
    .where(and(eq(staffAccountLinks.userId, person.userId), isNull(staffAccountLinks.usedAt)));
  await app.db.insert(staffAccountLinks).values({
    tokenHash: sha256(token),
    userId: person.userId,
    purpose,
    createdAt: now,
    expiresAt: new Date(
      now.getTime() +
        (purpose === 'activate'
          ? STAFF_ACTIVATION_DAYS * 24 * HOUR_MS
          : (selfServiceHours ?? STAFF_RESET_HOURS) * HOUR_MS),
    ),
  });
  const [practice] = await app.db
    .select({ name: practices.name })
    .from(practices)
    .where(eq(practices.id, person.practiceId));
  // From the configured public address only, never the request's Host header (links.ts).
  const url = emailLink(app, STAFF_LINK_PATHS[purpose], { token });
  const content = emailFor(
    purpose,
    {
      name: person.firstName,
      practiceName: practice?.name ?? 'Your practice',
      username: person.username,
      url,
    },
    selfServiceHours,
  );
  return app.mailer.sendMail(app.db, {
    practiceId: person.practiceId,
    to: person.email,
    ...content,
  });
}

/** The live link behind a token, with its person; null when unknown, used or expired. */
export async function findLiveLink(db: Db, token: string, now: Date, lock = false) {
  const query = db
    .select({
      tokenHash: staffAccountLinks.tokenHash,
      purpose: staffAccountLinks.purpose,
      userId: users.id,
      practiceId: users.practiceId,
      username: users.username,
      accountStatus: users.accountStatus,
      activatedAt: users.activatedAt,
      practiceName: practices.name,
    })
    .from(staffAccountLinks)
    .innerJoin(users, eq(users.id, staffAccountLinks.userId))
    .innerJoin(practices, eq(practices.id, users.practiceId))
    .where(
      and(
        eq(staffAccountLinks.tokenHash, sha256(token)),
        isNull(staffAccountLinks.usedAt),
        gt(staffAccountLinks.expiresAt, now),
        eq(users.type, 'staff'),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: staffAccountLinks }) : await query;
  return row ?? null;
}
