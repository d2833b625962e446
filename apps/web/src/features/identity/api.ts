import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api, ApiError } from '../../lib/api-client';

export type UserType = 'staff' | 'patient' | 'agent' | 'support';
export type ImpersonationType = 'IMPERSONATION' | 'EXTERNAL_AGENT';

/** `GET /api/user/identity`: who is signed in (200 with `isAuthenticated: false` when nobody is). */
export interface Identity {
  isAuthenticated: boolean;
  authorities: string[];
  id: number | null;
  practiceId: number | null;
  type: UserType | null;
  email: string | null;
  professionalName: string | null;
  screenReader: boolean;
  csrf: string | null;
  isAgency: boolean;
  impersonating: boolean;
  impersonationType: ImpersonationType | null;
  /** Who is really signed in while impersonating (the 'Impersonated by' line). */
  impersonatorName: string | null;
  /** When support access ends by itself (ISO time); null when not impersonating. */
  impersonationEndsAt: string | null;
}

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

export type RememberMe = 'remember_tillclose' | 'remember_me';

export interface SignInInput {
  user_username: string;
  user_password: string;
  user_rememberme: RememberMe;
}

interface SignInResponse {
  status: 'ok';
  identity: Identity;
}

const identityKey = ['identity'] as const;

/** A session the server no longer knows counts as signed out (spec-1 §4, Identity). */
export async function getIdentity(signal?: AbortSignal): Promise<Identity> {
  try {
    return await api.get<Identity>(apiPaths.identity, { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
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

export function signIn(input: SignInInput): Promise<SignInResponse> {
  return api.post<SignInResponse>(apiPaths.signIn, input, { csrf: false });
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

export function signOut(): Promise<{ status: 'ok' }> {
  return api.post<{ status: 'ok' }>(apiPaths.signOut);
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
