import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outboundFaxes, type OutboundFaxStatus } from '../db/schema/index.ts';
import type { StorageAdapter } from './storage.ts';
import { randomToken } from './tokens.ts';

/**
 * The fax adapter (design principle 3). Every fax is rendered to a PDF by
 * its caller, the PDF is kept in file storage and a row is written to
 * `outbound_faxes` before anything leaves the server, so the practice always
 * has what was (or would have been) sent:
 *
 * - with a fax service configured (`FAX_URL`, `FAX_TOKEN`), the PDF is handed
 *   to it and the row becomes 'sent' (with sentAt) or 'failed' (with the
 *   error text);
 * - without one, the local adapter keeps the PDF and the row as 'logged':
 *   not sent, and labelled so in the app ('Not sent (no fax service
 *   configured)').
 *
 * The contract with the fax service (any provider, or a small bridge in
 * front of one, that speaks it):
 *
 *     POST <FAX_URL>
 *     Authorization: Bearer <FAX_TOKEN>
 *     Content-Type: application/json
 *     Idempotency-Key: openpractice-fax-<practiceId>-<faxId>
 *
 *     { "to": "+12075550143",                 // E.164
 *       "subject": "Referral acknowledgement", // for the provider's log
 *       "reference": "openpractice-fax-1-42",  // the same as Idempotency-Key
 *       "fileName": "fax-42.pdf",
 *       "contentType": "application/pdf",
 *       "document": "<the PDF, base64>" }
 *
 * Any 2xx answer means the service accepted the fax ('sent'); anything else,
 * a network error or no answer within 30 seconds means 'failed'. Fax numbers
 * and letters never go to the application log: they are protected health
 * information.
 */

export type FaxOptions = {
  /** An https:// endpoint of a fax service; unset means the local adapter. */
  url?: string | undefined;
  /** The bearer token the fax service expects. */
  token?: string | undefined;
  /** How the request travels (tests hand in their own); `fetch` by default. */
  transport?: FaxTransport | undefined;
};

/** The part of `fetch` the adapter uses, so tests can receive the request in process. */
export type FaxTransport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ ok: boolean; status: number }>;

export type FaxMessage = {
  practiceId: number;
  clientId: number | null;
  contactId: number | null;
  /** 10 US digits (the domain `fax` validator has passed). */
  faxNumber: string;
  subject: string;
  body: string;
  pdf: Uint8Array;
};

export type FaxResult = {
  id: number;
  status: OutboundFaxStatus;
  error: string | null;
  pdfKey: string;
};

/** What the application log may say about a delivery: never a number or a letter. */
export type FaxLog = {
  warn(details: { faxId: number; httpStatus?: number | undefined }, message: string): void;
};

export type Faxer = {
  /** 'service' sends through FAX_URL; 'local' keeps the fax in the log only. */
  readonly kind: 'service' | 'local';
  send(db: Db, storage: StorageAdapter, message: FaxMessage): Promise<FaxResult>;
};

/** Long enough for a provider to take a few pages, short enough not to hang the request. */
export const FAX_TIMEOUT_MS = 30_000;
const ERROR_TEXT_MAX = 1000;
/** What a row says while the service has not answered (and if the process stops before it does). */
const NOT_ANSWERED = 'The fax service did not answer.';

/** '+12075550143' from 10 digits, or 11 starting with the country code 1. */
export function e164(faxNumber: string): string {
  const digits = faxNumber.replace(/\D/g, '');
  return `+1${digits.length === 11 ? digits.slice(1) : digits}`;
}

const fetchTransport: FaxTransport = async (url, init) => {
  const response = await fetch(url, init);
  // Drain the body so the connection can be reused; its content is not needed.
  await response.arrayBuffer().catch(() => undefined);
  return response;
};

export function createFaxer(options: FaxOptions & { now?: () => Date; log?: FaxLog } = {}): Faxer {
  const now = options.now ?? (() => new Date());
  const service =
    options.url && options.token
      ? { url: options.url, token: options.token, transport: options.transport ?? fetchTransport }
      : null;

  async function send(db: Db, storage: StorageAdapter, message: FaxMessage): Promise<FaxResult> {
    const folder =
      message.clientId === null
        ? `practices/${message.practiceId}`
        : `clients/${message.practiceId}/${message.clientId}`;
    const pdfKey = `${folder}/fax-${randomToken(12)}.pdf`;
    await storage.put(pdfKey, Buffer.from(message.pdf));
    const [row] = await db
      .insert(outboundFaxes)
      .values({
        practiceId: message.practiceId,
        clientId: message.clientId,
        contactId: message.contactId,
        faxNumber: message.faxNumber,
        subject: message.subject,
        body: message.body,
        pdfKey,
        // Until the service answers, the fax counts as not sent.
        status: service ? 'failed' : 'logged',
        error: service ? NOT_ANSWERED : null,
        createdAt: now(),
      })
      .returning({ id: outboundFaxes.id });
    if (!row) throw new Error('outbound fax row was not written');
    if (!service) return { id: row.id, status: 'logged', error: null, pdfKey };

    const reference = `openpractice-fax-${message.practiceId}-${row.id}`;
    let error: string;
    let httpStatus: number | undefined;
    try {
      const response = await service.transport(service.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${service.token}`,
          'content-type': 'application/json',
          'idempotency-key': reference,
        },
        body: JSON.stringify({
          to: e164(message.faxNumber),
          subject: message.subject,
          reference,
          fileName: `fax-${row.id}.pdf`,
          contentType: 'application/pdf',
          document: Buffer.from(message.pdf).toString('base64'),
        }),
        signal: AbortSignal.timeout(FAX_TIMEOUT_MS),
      });
      if (response.ok) {
        await db
          .update(outboundFaxes)
          .set({ status: 'sent', sentAt: now(), error: null })
          .where(eq(outboundFaxes.id, row.id));
        return { id: row.id, status: 'sent', error: null, pdfKey };
      }
      httpStatus = response.status;
      error = `The fax service answered with status ${response.status}.`;
    } catch (caught) {
      const timedOut = caught instanceof Error && caught.name === 'TimeoutError';
      error = timedOut
        ? NOT_ANSWERED
        : `The fax service could not be reached: ${caught instanceof Error ? caught.message : String(caught)}`;
    }
    error = error.slice(0, ERROR_TEXT_MAX);
    options.log?.warn(
      { faxId: row.id, httpStatus },
      'fax could not be sent; kept in the fax log as failed',
    );
    await db
      .update(outboundFaxes)
      .set({ status: 'failed', error })
      .where(eq(outboundFaxes.id, row.id));
    return { id: row.id, status: 'failed', error, pdfKey };
  }

  return { kind: service ? 'service' : 'local', send };
}
