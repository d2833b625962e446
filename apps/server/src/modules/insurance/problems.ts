import type { FieldProblem } from '@openpractice/domain';
import { badRequest } from '../../platform/errors.ts';

/** The first problem the domain found, as a 400 naming its field. */
export function refuseProblems(problems: readonly FieldProblem[]): void {
  const first = problems[0];
  if (first) throw badRequest(first.message, first.field);
}
