import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  enabledItems,
  formAnswerText,
  type FormAnswers,
  type Questionnaire,
  type QuestionnaireItem,
} from '@openpractice/domain';

/** How one stored answer reads (the same words the printed records use). */
export const answerText = formAnswerText;

function Answer({
  item,
  answers,
  enabled,
}: {
  item: QuestionnaireItem;
  answers: FormAnswers;
  enabled: Set<string>;
}) {
  if (!enabled.has(item.linkId)) return null;
  if (item.type === 'display')
    return <Typography sx={{ whiteSpace: 'pre-line' }}>{item.text}</Typography>;
  if (item.type === 'group') {
    return (
      <Stack spacing={1.5}>
        {item.text && (
          <Typography component="h3" variant="h6">
            {item.text}
          </Typography>
        )}
        {(item.item ?? []).map((child) => (
          <Answer key={child.linkId} item={child} answers={answers} enabled={enabled} />
        ))}
      </Stack>
    );
  }
  const raw = answers[item.linkId];
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return (
    <div>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {item.text ?? item.linkId}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, whiteSpace: 'pre-line' }}
        color={values.length ? undefined : 'text.secondary'}
      >
        {values.length ? values.map((v) => answerText(item, v)).join(', ') : 'Not answered'}
      </Typography>
    </div>
  );
}

/** A response read-only: each question shown with its answer (a completed or signed form). */
export function QuestionnaireAnswers({
  questionnaire,
  answers,
}: {
  questionnaire: Questionnaire;
  answers: FormAnswers;
}) {
  const enabled = enabledItems(questionnaire, answers);
  return (
    <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
      {questionnaire.item.map((item) => (
        <Answer key={item.linkId} item={item} answers={answers} enabled={enabled} />
      ))}
    </Stack>
  );
}
