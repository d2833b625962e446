import type { FastifyRequest } from 'fastify';
import { authOf, practiceScope } from '../../platform/access.ts';

/**
 * Who acts on a chart: the services take this rather than a request, so the demo seed
 * writes its notes through the same rules as the pages (issue 17 item 12).
 */
export type ChartActor = {
  practiceId: number;
  userId: number;
  /** The actor's therapist record in the practice, when they are a therapist. */
  therapistId: number | null;
  authorities: readonly string[];
  /** The name signatures and history carry: the professional name when set. */
  name: string;
};

export function actorOf(request: FastifyRequest): ChartActor {
  const auth = authOf(request);
  const user = auth.user;
  return {
    practiceId: practiceScope(request),
    userId: user.id,
    therapistId: auth.therapistId,
    authorities: user.authorities,
    name: user.professionalName.trim() || `${user.firstName} ${user.lastName}`.trim(),
  };
}
