import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  GOAL_PROGRESS,
  GOAL_PROGRESS_LABELS,
  currentGoalProgress,
  type GoalProgress,
} from '@openpractice/domain';

import { errorMessage } from '../../lib/api-errors';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useRecordProgress, type PlanDetail } from './api';

/** The goal's progress as now recorded (the newest entry; in progress when none). */
export function progressOf(plan: PlanDetail) {
  return (goalId: string): GoalProgress =>
    currentGoalProgress(
      plan.progress
        .filter((p) => p.goalId === goalId)
        .map((p) => ({ progress: p.progress, at: p.recordedAt })),
    );
}

/** Records a goal's progress on the signed plan (each change is kept). */
export function ProgressControl({
  plan,
  goalId,
  goalText,
}: {
  plan: PlanDetail;
  goalId: string;
  goalText: string;
}) {
  const record = useRecordProgress(plan.planId);
  const notify = useNotify();
  const current = progressOf(plan)(goalId);
  return (
    <TextField
      select
      size="small"
      label={`Progress of “${goalText}”`}
      value={current}
      disabled={record.isPending}
      sx={{ mt: 1, minWidth: 260 }}
      onChange={(e) => {
        record.mutateAsync({ goalId, progress: e.target.value as GoalProgress, note: '' }).then(
          () => notify.success('Progress recorded.'),
          (failure: unknown) => notify.error(errorMessage(failure)),
        );
      }}
    >
      {GOAL_PROGRESS.map((p) => (
        <MenuItem key={p} value={p}>
          {GOAL_PROGRESS_LABELS[p]}
        </MenuItem>
      ))}
    </TextField>
  );
}
