import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getIdentity as getIdentityCall,
  signIn as signInCall,
  signOut as signOutCall,
} from '@openpractice/contracts/identity';
import type {
  changePassword,
  requestPasswordReset,
} from '@openpractice/contracts/identity-password';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { failureOf } from '../../lib/api-errors';

/** Who is signed in (200 with `isAuthenticated: false` when nobody is, spec-1 §3 Identity). */
export type Identity = ResponseOf<typeof getIdentityCall>;

export const SIGNED_OUT_IDENTITY: Identity = {
  isAuthenticated: false,
  authorities: [],
  id: null,
  practiceId: null,
  type: null,
  email: null,
  professionalName: null,
  screenReader: false,
  csrf: null,
  isAgency: false,
  impersonating: false,
  impersonationType: null,
  impersonatorName: null,
  impersonationEndsAt: null,
};

export type SignInInput = BodyOf<typeof signInCall>;

const identityKey = ['identity'] as const;

/** A session the server no longer knows counts as signed out (spec-1 §4, Identity). */
export async function getIdentity(signal?: AbortSignal): Promise<Identity> {
  try {
    return await api.get<Identity>(apiPaths.identity, { signal });
  } catch (error) {
    const failure = failureOf(error);
    if (failure === 'signed-out' || failure === 'forbidden') {
      return SIGNED_OUT_IDENTITY;
    }
    throw error;
  }
}

export function getIdentityQueryOptions() {
  return queryOptions({
    queryKey: identityKey,
    queryFn: ({ signal }) => getIdentity(signal),
    staleTime: 60_000,
  });
}

export function useIdentity() {
  return useQuery(getIdentityQueryOptions());
}

/** After the session changed: forget the old user's data and the old session's CSRF token. */
function replaceSession(queryClient: QueryClient, identity: Identity): void {
  api.resetCsrfToken();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== identityKey[0] });
  queryClient.setQueryData(identityKey, identity);
}

export function signIn(input: SignInInput) {
  return api.post<ResponseOf<typeof signInCall>>(apiPaths.signIn, input, { csrf: false });
}

/** Asks for a password reset link; the answer is the same whether or not an account matched. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (username: string) =>
      api.post<ResponseOf<typeof requestPasswordReset>>(apiPaths.forgotPassword, { username }),
  });
}

/** Changes the signed-in user's password; the server ends the account's other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof changePassword>) =>
      api.post<ResponseOf<typeof changePassword>>(apiPaths.changePassword, body),
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (data) => {
      replaceSession(queryClient, data.identity);
    },
  });
}

export function signOut() {
  return api.post<ResponseOf<typeof signOutCall>>(apiPaths.signOut);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      replaceSession(queryClient, SIGNED_OUT_IDENTITY);
    },
  });
}
