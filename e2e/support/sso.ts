/** The fixed port of practice-sso.spec.ts's local OpenID provider: the app may reach only it. */
export const ssoPort = (appPort: number): number => appPort + 3;
