/**
 * The app as the end-to-end runs start it: main.ts with two differences, that
 * the ICS server of calendar-external.spec.ts and the OpenID provider of
 * practice-sso.spec.ts (on 127.0.0.1, which the outbound guard refuses in
 * every real deployment) may be fetched, and that
 * the embedded database also holds a 16-therapist group practice
 * (group-practice.ts) beside the demo.
 */
import { exitOnStartFailure, main } from '../../apps/server/src/main.ts';
import { seedGroupPractice } from './group-practice';
import { icsPort } from './ics';
import { ssoPort } from './sso';

const port = Number(process.env.PORT);
const embedded = process.env.DATA_DIR && !process.env.DATABASE_URL;
(embedded ? seedGroupPractice(process.env.DATA_DIR ?? '') : Promise.resolve())
  .then(() =>
    main({
      outboundFetch: {
        allowPrivate: [`127.0.0.1:${String(icsPort(port))}`, `127.0.0.1:${String(ssoPort(port))}`],
      },
    }),
  )
  .catch(exitOnStartFailure);
