import { echo271, read270, X12Error, type X12Party } from '@openpractice/domain';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The clearinghouse adapter: sends an X12 270 eligibility inquiry and returns
 * the payer's 271 answer as text (spec-1 §2 Eligibility check flow).
 *
 * With `CLEARINGHOUSE_URL` set (https, or http to this machine) it is the real
 * one, speaking this contract (any clearinghouse, or a small bridge in front
 * of one, can):
 *
 *     POST <CLEARINGHOUSE_URL>
 *     Authorization: Bearer <CLEARINGHOUSE_TOKEN>
 *     Content-Type: application/edi-x12
 *     Accept: application/edi-x12
 *     X-Payer-Id: <the payer id, for routing>
 *
 *     <the 270 interchange>
 *
 * A 2xx answer's body is the 271 interchange. Anything else (another status,
 * an empty or oversized body, a network error, no answer within 20 seconds)
 * is an error with a message a person can act on; the check is stored as
 * ERROR with that message.
 *
 * Without it, the local adapter answers offline from sample 271 files (test
 * mode, labelled so in the UI): `CLEARINGHOUSE_SAMPLES_DIR` (default
 * apps/server/clearinghouse-samples) holds real 271 interchanges; the first
 * that exists of `<payerId>.<memberId>.271`, `default.<memberId>.271`,
 * `<payerId>.271` and `default.271` answers, rewritten by the domain's
 * `echo271` so it answers this very request (envelope, trace, payer,
 * provider and people). X12 is protected health information: neither the
 * request nor the answer goes to the application log.
 */

export type ClearinghouseMode = 'clearinghouse' | 'local';

export interface ClearinghouseEnvelope {
  /** ISA06/GS02: who we are to the clearinghouse. */
  sender: X12Party;
  /** ISA08/GS03: the clearinghouse. */
  receiver: X12Party;
  /** ISA15: P production, T test. */
  usage: 'T' | 'P';
}

export interface ClearinghouseAdapter {
  mode: ClearinghouseMode;
  envelope: ClearinghouseEnvelope;
  /** The 271 answering `x12`; throws `ClearinghouseError` when there is none. */
  send270(x12: string, payerId: string): Promise<string>;
}

/** No usable answer; the message is stored as the check's errorMessage. */
export class ClearinghouseError extends Error {
  override name = 'ClearinghouseError';
}

export type ClearinghouseOptions = {
  /** https://… (or http:// to this machine); unset: the local adapter (test mode). */
  url?: string | undefined;
  token?: string | undefined;
  /** Where the local adapter's sample 271 files are. */
  samplesDir?: string | undefined;
  /** ISA06/GS02 sender id (up to 15 characters). */
  submitterId?: string | undefined;
  /** ISA08/GS03 receiver id (up to 15 characters). */
  receiverId?: string | undefined;
  /** ISA15 for the real clearinghouse; the local adapter always sends T. */
  usage?: 'T' | 'P' | undefined;
};

export type ClearinghouseLog = {
  warn(details: { httpStatus?: number | undefined }, message: string): void;
};

export const CLEARINGHOUSE_TIMEOUT_MS = 20_000;
/** A 271 for one person is a few kilobytes; refuse anything absurd. */
export const MAX_271_BYTES = 1024 * 1024;
export const DEFAULT_SUBMITTER_ID = 'OPENPRACTICE';
export const DEFAULT_RECEIVER_ID = 'CLEARINGHOUSE';
export const DEFAULT_SAMPLES_DIR = fileURLToPath(
  new URL('../../clearinghouse-samples/', import.meta.url),
);

export const CLEARINGHOUSE_UNREACHABLE = 'We could not reach the clearinghouse. Please try again.';
export const CLEARINGHOUSE_TIMED_OUT = `The clearinghouse did not answer within ${CLEARINGHOUSE_TIMEOUT_MS / 1000} seconds. Please try again.`;
export const CLEARINGHOUSE_EMPTY = 'The clearinghouse sent an empty answer.';
export const CLEARINGHOUSE_TOO_LARGE = 'The clearinghouse sent an answer too large to be a 271.';
export const clearinghouseRefused = (status: number) =>
  `The clearinghouse refused the eligibility check (HTTP ${status}).`;

/** File-name safe: letters, digits and dashes only (a payer or member id that is not stays unused). */
const FILE_PART = /^[A-Za-z0-9-]{1,80}$/;

/** The sample files to try for a request, most specific first. */
export function sampleCandidates(payerId: string, memberId: string): string[] {
  const payer = FILE_PART.test(payerId) ? payerId : null;
  const member = FILE_PART.test(memberId) ? memberId.toUpperCase() : null;
  return [
    payer && member ? `${payer}.${member}.271` : null,
    member ? `default.${member}.271` : null,
    payer ? `${payer}.271` : null,
    'default.271',
  ].filter((name): name is string => name !== null);
}

function envelopeOf(options: ClearinghouseOptions, usage: 'T' | 'P'): ClearinghouseEnvelope {
  return {
    sender: { id: options.submitterId ?? DEFAULT_SUBMITTER_ID },
    receiver: { id: options.receiverId ?? DEFAULT_RECEIVER_ID },
    usage,
  };
}

function localAdapter(options: ClearinghouseOptions): ClearinghouseAdapter {
  const dir = options.samplesDir ?? DEFAULT_SAMPLES_DIR;
  return {
    mode: 'local',
    envelope: envelopeOf(options, 'T'),
    async send270(x12, payerId) {
      let memberId: string;
      try {
        memberId = read270(x12).subscriber.memberId;
      } catch (caught) {
        throw new ClearinghouseError(
          `Test mode could not read the 270: ${caught instanceof Error ? caught.message : 'unknown problem'}`,
        );
      }
      for (const name of sampleCandidates(payerId, memberId)) {
        let sample: string;
        try {
          sample = await readFile(join(dir, name), 'utf8');
        } catch {
          continue;
        }
        try {
          return echo271(sample, x12);
        } catch (caught) {
          const reason = caught instanceof X12Error ? caught.message : 'it is not X12';
          throw new ClearinghouseError(
            `Test mode could not use the sample file ${name}: ${reason}`,
          );
        }
      }
      throw new ClearinghouseError(
        `Test mode has no sample answer for payer ${payerId}: add default.271 to the sample folder.`,
      );
    },
  };
}

/** The body as text, refusing more than MAX_271_BYTES without reading it all. */
async function readLimited(response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // Node types the body's chunks as any; fetch's body yields bytes.
    const reader = response.body?.getReader() as
      ReadableStreamDefaultReader<Uint8Array> | undefined;
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_271_BYTES) {
        await reader.cancel();
        throw new ClearinghouseError(CLEARINGHOUSE_TOO_LARGE);
      }
      chunks.push(value);
    }
  } catch (caught) {
    if (caught instanceof ClearinghouseError) throw caught;
    const timedOut = caught instanceof Error && caught.name === 'TimeoutError';
    throw new ClearinghouseError(timedOut ? CLEARINGHOUSE_TIMED_OUT : CLEARINGHOUSE_UNREACHABLE);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function httpsAdapter(
  url: string,
  token: string,
  options: ClearinghouseOptions,
  log: ClearinghouseLog | undefined,
): ClearinghouseAdapter {
  return {
    mode: 'clearinghouse',
    envelope: envelopeOf(options, options.usage ?? 'P'),
    async send270(x12, payerId) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/edi-x12',
            accept: 'application/edi-x12',
            'x-payer-id': payerId,
          },
          body: x12,
          signal: AbortSignal.timeout(CLEARINGHOUSE_TIMEOUT_MS),
        });
      } catch (caught) {
        const timedOut = caught instanceof Error && caught.name === 'TimeoutError';
        log?.warn({}, timedOut ? 'clearinghouse timed out' : 'clearinghouse unreachable');
        throw new ClearinghouseError(
          timedOut ? CLEARINGHOUSE_TIMED_OUT : CLEARINGHOUSE_UNREACHABLE,
        );
      }
      if (!response.ok) {
        await response.arrayBuffer().catch(() => undefined);
        log?.warn({ httpStatus: response.status }, 'clearinghouse refused the 270');
        throw new ClearinghouseError(clearinghouseRefused(response.status));
      }
      const text = await readLimited(response);
      if (text.trim() === '') throw new ClearinghouseError(CLEARINGHOUSE_EMPTY);
      return text;
    },
  };
}

/** The real adapter when a url and token are configured, else the local one (test mode). */
export function createClearinghouse(
  options: ClearinghouseOptions & { log?: ClearinghouseLog } = {},
): ClearinghouseAdapter {
  const { url, token, log } = options;
  if (url && token) return httpsAdapter(url, token, options, log);
  return localAdapter(options);
}
