/**
 * The treatment plans module's door for the demo seed: plans are written and signed by the
 * same services the pages call.
 */
export type { PlanActor } from './plan-actor.ts';
export {
  contentHashOf,
  cosignPlan,
  createPlan,
  recordProgress,
  revisePlan,
  saveDraft,
  signPlan,
} from './plan-service.ts';
export { planRow } from './plan-queries.ts';
