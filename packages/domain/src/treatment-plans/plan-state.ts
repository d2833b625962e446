/**
 * A treatment plan's state (issue 18 item 5), derived from its signatures rather than
 * stored: a signed plan's row never changes (the database refuses it), so its state is
 * whatever signatures were added beside it.
 */

export const PLAN_STATES = ['draft', 'awaiting_supervisor', 'awaiting_client', 'signed'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  draft: 'Draft',
  awaiting_supervisor: 'Awaiting supervisor signature',
  awaiting_client: 'Awaiting client signature',
  signed: 'Signed',
};

export type PlanSignatures = {
  therapistSigned: boolean;
  /** Fixed when the therapist signs: their supervisors at that moment must co-sign. */
  supervisorRequired: boolean;
  supervisorSigned: boolean;
  clientSigned: boolean;
};

/** Therapist first, then the supervisor where required, then the client in the portal. */
export function planStateOf(s: PlanSignatures): PlanState {
  if (!s.therapistSigned) return 'draft';
  if (s.supervisorRequired && !s.supervisorSigned) return 'awaiting_supervisor';
  if (!s.clientSigned) return 'awaiting_client';
  return 'signed';
}

/** Unsigned for the dashboard: any signature the plan still waits for. */
export function isPlanUnsigned(state: PlanState): boolean {
  return state !== 'signed';
}

export const GOAL_PROGRESS = ['in_progress', 'improving', 'worsening', 'achieved'] as const;
export type GoalProgress = (typeof GOAL_PROGRESS)[number];

export const GOAL_PROGRESS_LABELS: Record<GoalProgress, string> = {
  in_progress: 'In progress',
  improving: 'Improving',
  worsening: 'Worsening',
  achieved: 'Achieved',
};

/** A goal with no progress recorded yet is in progress. */
export function currentGoalProgress(
  recorded: readonly { progress: GoalProgress; at: string }[],
): GoalProgress {
  let latest: { progress: GoalProgress; at: string } | undefined;
  for (const r of recorded) if (!latest || r.at >= latest.at) latest = r;
  return latest?.progress ?? 'in_progress';
}

/**
 * The typed name a client signs with must be the name on their record (first and last,
 * any case, spaces collapsed), so a signature says who signed rather than anything typed.
 */
export function typedNameMatches(typed: string, record: { firstName: string; lastName: string }) {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(`${record.firstName} ${record.lastName}`);
}
