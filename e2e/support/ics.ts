/** The fixed port of calendar-external.spec.ts's ICS server: the app may fetch only it. */
export const icsPort = (appPort: number): number => appPort + 2;
