import { and, eq, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { emailSuppressions, outboundEmails } from '../db/schema/index.ts';

/**
 * The mail adapter (design principle 3). Every message is written to
 * `outbound_emails` first, whatever happens next, so the practice can always
 * see what was (or would have been) sent:
 *
 * - with SMTP configured (`SMTP_URL`), the message is sent with nodemailer and
 *   the row becomes 'sent' (with sentAt) or 'failed' (with the error text);
 * - without it, the local adapter keeps the message in the log as 'logged':
 *   not sent, and labelled so in the app;
 * - either way, an address on the practice's suppression list (spec-1 §3) is
 *   never sent to: the row is 'suppressed', with the reason in its error text.
 *
 * Message bodies and addresses never go to the application log: they are
 * protected health information (and bodies can hold sign-in links).
 */
export const DEFAULT_MAIL_FROM = 'OpenPractice <no-reply@localhost>';

export type MailOptions = {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; unset means the local adapter. */
  smtpUrl?: string | undefined;
  /** The From header; 'OpenPractice <no-reply@localhost>' by default. */
  from?: string | undefined;
};

export type MailMessage = {
  practiceId: number | null;
  clientId?: number | null;
  to: string;
  subject: string;
  text: string;
  /** What the message is, for the email monitoring page (e.g. 'portal_invitation'). */
  kind?: string | undefined;
};

/** What an email builder returns: the message, and what kind of message it is. */
export type MailContent = { kind: string; subject: string; text: string };

export type MailStatus = 'sent' | 'logged' | 'failed' | 'suppressed';
export type MailResult = { id: number; status: MailStatus; error: string | null };

/** What the application log may say about a delivery: never an address or a body. */
export type MailLog = {
  warn(details: { emailId: number; code?: string | undefined }, message: string): void;
};

export type Mailer = {
  /** 'smtp' sends; 'local' keeps messages in the log only. */
  readonly kind: 'smtp' | 'local';
  readonly from: string;
  sendMail(db: Db, message: MailMessage): Promise<MailResult>;
  close(): void;
};

/** The text kept on a suppressed message's row. */
export const suppressedText = (reason: string) =>
  `Not sent: the address is on the suppression list (${reason}).`;

/** Why the practice does not send to this address, or null when it may. */
async function suppressionOf(db: Db, message: MailMessage): Promise<string | null> {
  if (message.practiceId === null) return null;
  const [hit] = await db
    .select({ reason: emailSuppressions.reason })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.practiceId, message.practiceId),
        sql`lower(${emailSuppressions.email}) = lower(${message.to.trim()})`,
      ),
    )
    .limit(1);
  return hit ? suppressedText(hit.reason) : null;
}

/** Generous limits so a slow server fails the request rather than hanging it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/** Longest error text kept on a row. */
const ERROR_TEXT_MAX = 1000;

export function createMailer(
  options: MailOptions & { now?: () => Date; log?: MailLog } = {},
): Mailer {
  const now = options.now ?? (() => new Date());
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const transport = options.smtpUrl
    ? createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }, { from })
    : null;

  async function sendMail(db: Db, message: MailMessage): Promise<MailResult> {
    const suppressed = await suppressionOf(db, message);
    const [row] = await db
      .insert(outboundEmails)
      .values({
        practiceId: message.practiceId,
        clientId: message.clientId ?? null,
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        kind: message.kind ?? null,
        status: suppressed ? 'suppressed' : transport ? 'queued' : 'logged',
        error: suppressed,
        createdAt: now(),
      })
      .returning({ id: outboundEmails.id });
    if (!row) throw new Error('outbound email row was not written');
    if (suppressed) return { id: row.id, status: 'suppressed', error: suppressed };
    if (!transport) return { id: row.id, status: 'logged', error: null };

    try {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      await db
        .update(outboundEmails)
        .set({ status: 'sent', sentAt: now(), error: null })
        .where(eq(outboundEmails.id, row.id));
      return { id: row.id, status: 'sent', error: null };
    } catch (error) {
      const text = (error instanceof Error ? error.message : String(error)).slice(
        0,
        ERROR_TEXT_MAX,
      );
      const code = (error as { code?: unknown }).code;
      // The error text can quote the recipient, so it stays in the database row.
      options.log?.warn(
        { emailId: row.id, code: typeof code === 'string' ? code : undefined },
        'email could not be sent; kept in the email log as failed',
      );
      await db
        .update(outboundEmails)
        .set({ status: 'failed', error: text })
        .where(eq(outboundEmails.id, row.id));
      return { id: row.id, status: 'failed', error: text };
    }
  }

  return {
    kind: transport ? 'smtp' : 'local',
    from,
    sendMail,
    close: () => transport?.close(),
  };
}
