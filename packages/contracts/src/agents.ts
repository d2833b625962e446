import { z } from 'zod';
import { dataOf } from './common.ts';
import { defineCall } from './define.ts';

/** External agents choose which practice's agent identity to act under. */

export const listAgentIdentities = defineCall('GET', '/externalagent/main/identities', {
  response: {
    200: dataOf(
      z.array(z.object({ id: z.number(), practiceId: z.number(), practiceName: z.string() })),
    ),
  },
});

export const assumeAgentIdentity = defineCall('POST', '/externalagent/main/assume', {
  body: z.object({ id: z.coerce.number().int().positive() }),
  response: { 200: z.object({ status: z.literal('ok') }) },
});
