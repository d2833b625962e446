import { safeFetch, SafeFetchError, type SafeFetchPolicy } from '../../platform/safe-fetch.ts';

/**
 * Fetches an ICS file from a therapist's calendar address through the
 * platform's outbound guard (public addresses only, 10 s, 5 MB, 3 redirects;
 * see platform/safe-fetch.ts). Every failure, whatever its cause, is the one
 * message below: a different text for a closed port, a refused address or a
 * slow server would let the address field map the server's network
 * (security finding 13.8). The address is a secret and is never logged.
 */

export const ICS_READ_FAILED = "We couldn't read that calendar address.";

export class IcsFetchError extends Error {
  override readonly name = 'IcsFetchError';
  constructor() {
    super(ICS_READ_FAILED);
  }
}

/** The app's outbound policy (tests shorten limits and name their local servers). */
export type IcsFetchOptions = SafeFetchPolicy;

/** The ICS text at `address`; throws IcsFetchError. */
export async function fetchIcs(address: string, policy: IcsFetchOptions = {}): Promise<string> {
  try {
    const response = await safeFetch(address, {
      ...policy,
      headers: {
        accept: 'text/calendar, text/plain;q=0.8, */*;q=0.5',
        'user-agent': 'OpenPractice calendar sync',
      },
    });
    return new TextDecoder('utf-8').decode(response.body);
  } catch (error) {
    if (error instanceof SafeFetchError) throw new IcsFetchError();
    throw error;
  }
}
