import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Fetches an ICS file from a therapist's calendar address: at most 10 seconds
 * for the whole exchange, at most 5 MB, at most 3 redirects, http and https
 * only. Addresses that resolve to link-local or unspecified addresses (cloud
 * metadata services live there) are refused. Failures are thrown as
 * IcsFetchError with a message the therapist can act on; the body of a failed
 * answer is never echoed.
 */

export const ICS_FETCH_TIMEOUT_MS = 10_000;
export const ICS_MAX_BYTES = 5 * 1024 * 1024;
export const ICS_MAX_REDIRECTS = 3;

export class IcsFetchError extends Error {
  override readonly name = 'IcsFetchError';
}

export type IcsFetchOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

/** 169.254.0.0/16, fe80::/10, 0.0.0.0 and ::, which no calendar lives on. */
export function isRefusedAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return address.startsWith('169.254.') || address === '0.0.0.0';
  if (version === 6) {
    const lower = address.toLowerCase();
    if (lower === '::' || /^fe[89ab][0-9a-f]:/.test(lower)) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    return mapped ? isRefusedAddress(mapped[1] ?? '') : false;
  }
  return false;
}

async function assertReachableHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true })
        .then((found) => found.map((a) => a.address))
        .catch(() => {
          throw new IcsFetchError(`We could not find the server ${url.hostname}.`);
        });
  if (addresses.length === 0 || addresses.some(isRefusedAddress)) {
    throw new IcsFetchError('That calendar address is not allowed.');
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new IcsFetchError(`The calendar is larger than ${maxBytes / 1024 / 1024} MB.`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    const value = chunk.value;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new IcsFetchError(`The calendar is larger than ${maxBytes / 1024 / 1024} MB.`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The ICS text at `address`; throws IcsFetchError with the reason. */
export async function fetchIcs(address: string, options: IcsFetchOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? ICS_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? ICS_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? ICS_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(address);
  try {
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new IcsFetchError(
          'The calendar address led to an address that is not http or https.',
        );
      }
      await assertReachableHost(url);
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: {
          accept: 'text/calendar, text/plain;q=0.8, */*;q=0.5',
          'user-agent': 'OpenPractice calendar sync',
        },
      });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location) throw new IcsFetchError('The calendar address redirected nowhere.');
        if (redirects >= maxRedirects) {
          throw new IcsFetchError(
            `The calendar address redirected more than ${maxRedirects} times.`,
          );
        }
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        const reason = response.statusText ? ` (${response.statusText})` : '';
        throw new IcsFetchError(`The calendar address answered ${response.status}${reason}.`);
      }
      return await readLimited(response, maxBytes);
    }
  } catch (error) {
    if (error instanceof IcsFetchError) throw error;
    if (signal.aborted) {
      throw new IcsFetchError('The calendar address did not answer in time.');
    }
    throw new IcsFetchError('We could not reach the calendar address.');
  }
}
