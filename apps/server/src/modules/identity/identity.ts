import type { Auth, ImpersonationType } from '../../platform/sessions.ts';

/** The Identity of spec-1 §3, as GET /api/user/identity returns it. */
export type Identity = {
  isAuthenticated: boolean;
  authorities: string[];
  id: number | null;
  practiceId: number | null;
  type: string | null;
  email: string | null;
  professionalName: string | null;
  screenReader: boolean;
  csrf: string | null;
  isAgency: boolean;
  impersonating: boolean;
  impersonationType: ImpersonationType | null;
  /** Who is really signed in while impersonating (for the 'Impersonated by' line). */
  impersonatorName: string | null;
  /** When support access ends by itself (ISO time); null when not impersonating. */
  impersonationEndsAt: string | null;
};

export function identityOf(auth: Auth | null, csrf: string | null, isAgency: boolean): Identity {
  if (!auth) {
    return {
      isAuthenticated: false,
      authorities: [],
      id: null,
      practiceId: null,
      type: null,
      email: null,
      professionalName: null,
      screenReader: false,
      csrf,
      isAgency: false,
      impersonating: false,
      impersonationType: null,
      impersonatorName: null,
      impersonationEndsAt: null,
    };
  }
  const impersonating = auth.impersonationType === 'IMPERSONATION';
  return {
    isAuthenticated: true,
    authorities: auth.user.authorities,
    id: auth.user.id,
    practiceId: auth.practiceId,
    type: auth.user.type,
    email: auth.user.email,
    professionalName: auth.user.professionalName,
    screenReader: auth.user.screenReader,
    csrf,
    isAgency,
    impersonating,
    impersonationType: auth.impersonationType,
    impersonatorName: impersonating ? auth.realUser.professionalName : null,
    impersonationEndsAt: impersonating ? (auth.impersonationEndsAt?.toISOString() ?? null) : null,
  };
}
