/**
 * The app as the end-to-end runs start it: main.ts with one difference, that
 * the ICS server of calendar-external.spec.ts (on 127.0.0.1, which the
 * outbound guard refuses in every real deployment) may be fetched.
 */
import { exitOnStartFailure, main } from '../../apps/server/src/main.ts';
import { icsPort } from './ics';

const port = Number(process.env.PORT);
main({ outboundFetch: { allowPrivate: [`127.0.0.1:${String(icsPort(port))}`] } }).catch(
  exitOnStartFailure,
);
