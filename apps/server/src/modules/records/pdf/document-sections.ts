import {
  ASSIGNMENT_STATE_LABELS,
  enabledItems,
  formAnswerText,
  formatUsDate,
  formatZonedDate,
  formatZonedTime,
  GOAL_PROGRESS_LABELS,
  NONE_TEXT,
  PLAN_STATE_LABELS,
  type FormAnswers,
  type QuestionnaireItem,
} from '@openpractice/domain';
import type { PrintedForm, PrintedPlan, PrintedPlanSignature } from '../print-documents.ts';
import { NOT_ANSWERED } from './answers.ts';
import { BODY_SIZE, type PdfWriter } from '../../../platform/pdf/writer.ts';

/** Treatment plans and form responses as they appear in a PDF, each with its signatures. */

const at = (instant: string, timezone: string) =>
  `${formatZonedDate(instant, timezone)} ${formatZonedTime(instant, timezone)}`;

const orNotAnswered = (text: string) => (text.trim() === '' ? NOT_ANSWERED : text);

const PLAN_ROLE_LABELS: Record<PrintedPlanSignature['role'], string> = {
  therapist: 'therapist',
  supervisor: 'supervisor',
  client: 'client',
};

function planSignatures(w: PdfWriter, plan: PrintedPlan, timezone: string): void {
  w.heading('Signatures', 3);
  if (plan.signatures.length === 0) {
    w.write('No signature recorded.', { indent: 12 });
    return;
  }
  for (const s of plan.signatures) {
    w.keep(2 * BODY_SIZE * 1.35);
    // The client signs by typing their name: what they typed is part of the signature.
    const typed = s.typedName === null ? '' : `, typed "${s.typedName}"`;
    w.write(
      `Signed by ${s.signerName} (${PLAN_ROLE_LABELS[s.role]}${typed}) on ${at(s.signedAt, timezone)}`,
      { indent: 12 },
    );
    w.write(`SHA-256: ${s.contentHash}`, { indent: 12, size: 8, grey: true, after: 2 });
  }
}

function goals(w: PdfWriter, plan: PrintedPlan): void {
  if (plan.content.goals.length === 0) {
    w.write(NOT_ANSWERED, { indent: 12, after: 3 });
    return;
  }
  plan.content.goals.forEach((goal, g) => {
    const progress = plan.progress[goal.id];
    w.write(
      `Goal ${g + 1}: ${goal.text}${progress ? ` (${GOAL_PROGRESS_LABELS[progress]})` : ''}`,
      { indent: 12, bold: true },
    );
    goal.objectives.forEach((objective, o) => {
      const target = objective.targetDate ? `, by ${formatUsDate(objective.targetDate)}` : '';
      w.write(`${g + 1}.${o + 1} ${objective.text}${target}`, { indent: 24 });
    });
    w.space(3);
  });
}

function plan(w: PdfWriter, printed: PrintedPlan, timezone: string): void {
  const therapist = printed.therapistCredentials
    ? `${printed.therapistName}, ${printed.therapistCredentials}`
    : printed.therapistName;
  w.heading(`Treatment plan with ${printed.therapistName}, version ${printed.version}`, 2);
  w.facts([
    ['Therapist', therapist],
    ['State', PLAN_STATE_LABELS[printed.state]],
    ['Review date', formatUsDate(printed.reviewDate)],
  ]);
  // The template says which sections the plan has, in its order and with its titles.
  for (const section of printed.template.sections) {
    w.heading(section.title, 3);
    switch (section.key) {
      case 'diagnoses': {
        const list = printed.diagnoses.map((d) =>
          d.description === null ? d.code : `${d.code} ${d.description}`,
        );
        w.write(list.length === 0 ? NONE_TEXT : list.join('\n'), { indent: 12, after: 3 });
        break;
      }
      case 'goals':
        goals(w, printed);
        break;
      default:
        w.write(orNotAnswered(printed.content[section.key]), { indent: 12, after: 3 });
    }
  }
  planSignatures(w, printed, timezone);
  w.rule();
}

/** The plans of one type (current or past), or a line saying there are none. */
export function plansSection(
  w: PdfWriter,
  title: 'Treatment plan' | 'Past treatment plans',
  plans: readonly PrintedPlan[],
  timezone: string,
): void {
  w.heading(title, 1);
  if (plans.length === 0) {
    w.write(
      title === 'Treatment plan'
        ? 'No signed treatment plan matches this request.'
        : 'No past treatment plans match this request.',
    );
    return;
  }
  for (const printed of plans) plan(w, printed, timezone);
}

/** Each enabled item in the form's order: groups as headings, display text as written. */
function items(
  w: PdfWriter,
  list: readonly QuestionnaireItem[],
  answers: FormAnswers,
  enabled: Set<string>,
): void {
  for (const item of list) {
    if (!enabled.has(item.linkId)) continue;
    if (item.type === 'group') {
      if (item.text) w.heading(item.text, 3);
      items(w, item.item ?? [], answers, enabled);
    } else if (item.type === 'display') {
      if (item.text) w.write(item.text, { grey: true, after: 3 });
    } else {
      const raw = answers[item.linkId];
      const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      const text = values.map((v) => formAnswerText(item, v)).join('\n');
      w.field(item.text ?? item.linkId, orNotAnswered(text));
    }
  }
}

function formSignatures(w: PdfWriter, form: PrintedForm, timezone: string): void {
  if (form.signatures.length === 0 && form.revocations.length === 0) return;
  w.heading('Signatures', 3);
  for (const s of form.signatures) {
    const who = s.signerRole === 'client' ? 'the client' : `staff (${s.signedBy ?? 'unknown'})`;
    w.write(
      `Signed "${s.typedName}", dated ${formatUsDate(s.signedOn)}, by ${who}; recorded ${at(s.signedAt, timezone)}`,
      { indent: 12, after: 2 },
    );
  }
  for (const r of form.revocations) {
    const who = r.revokedByRole === 'client' ? 'the client' : (r.revokedBy ?? 'staff');
    const why = r.reason.trim() === '' ? '' : `: ${r.reason}`;
    w.write(`Revoked ${at(r.revokedAt, timezone)} by ${who}${why}`, {
      indent: 12,
      bold: true,
      after: 2,
    });
  }
}

function form(w: PdfWriter, printed: PrintedForm, timezone: string): void {
  w.heading(`${printed.formName} (version ${printed.version})`, 2);
  w.facts([
    ['State', ASSIGNMENT_STATE_LABELS[printed.state]],
    ['Completed', at(printed.submittedAt, timezone)],
    [
      'Filled in',
      printed.completedVia === 'staff' ? 'with staff in session' : 'by the client in the portal',
    ],
  ]);
  const { score } = printed;
  if (score) {
    w.facts([
      [
        'Score',
        score.complete && score.total !== null
          ? `${score.total}${score.severity ? ` (${score.severity})` : ''}`
          : 'Incomplete, not scored',
      ],
    ]);
  }
  const enabled = enabledItems(printed.questionnaire, printed.answers);
  items(w, printed.questionnaire.item, printed.answers, enabled);
  formSignatures(w, printed, timezone);
  w.rule();
}

/** Every finished form response, oldest first, or a line saying there are none. */
export function formsSection(w: PdfWriter, forms: readonly PrintedForm[], timezone: string): void {
  w.heading('Form responses', 1);
  if (forms.length === 0) {
    w.write('No completed or signed forms match this request.');
    return;
  }
  w.write(`${forms.length} ${forms.length === 1 ? 'response' : 'responses'}, oldest first.`, {
    grey: true,
  });
  for (const printed of forms) form(w, printed, timezone);
}
