import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import {
  ENABLE_WHEN_OPERATORS,
  type EnableWhen,
  type EnableWhenOperator,
  type QuestionnaireItem,
} from '@openpractice/domain';

/** The condition's value as text in the editor, whatever its type. */
const valueText = (c: EnableWhen) =>
  String(
    c.answerBoolean ??
      c.answerString ??
      c.answerInteger ??
      c.answerDecimal ??
      c.answerDate ??
      c.answerCoding?.code ??
      '',
  );

/** A condition compares with a value of its question's type (FHIR's answer[x]). */
function withValue(
  question: QuestionnaireItem | undefined,
  c: EnableWhen,
  text: string,
): EnableWhen {
  const base: EnableWhen = { question: c.question, operator: c.operator };
  if (c.operator === 'exists') return { ...base, answerBoolean: text !== 'false' };
  switch (question?.type) {
    case 'boolean':
      return { ...base, answerBoolean: text === 'true' };
    case 'integer':
      return { ...base, answerInteger: Number.parseInt(text, 10) || 0 };
    case 'decimal':
      return { ...base, answerDecimal: Number(text) || 0 };
    case 'date':
      return { ...base, answerDate: text };
    case 'choice':
      return { ...base, answerCoding: { code: text } };
    default:
      return { ...base, answerString: text };
  }
}

/** The values a yes/no or choice question can be compared with (null: typed in). */
function choicesOf(question: QuestionnaireItem | undefined) {
  if (question?.type === 'boolean') {
    return [
      { code: 'true', display: 'Yes' },
      { code: 'false', display: 'No' },
    ];
  }
  return question?.type === 'choice'
    ? (question.answerOption ?? []).map((o) => o.valueCoding)
    : null;
}

/** One condition: which question, how it compares, and with what. */
function ConditionRow({
  condition: c,
  index,
  questions,
  idPrefix,
  onChange,
}: {
  condition: EnableWhen;
  index: number;
  questions: QuestionnaireItem[];
  idPrefix: string;
  /** The changed condition, or null to remove it. */
  onChange: (next: EnableWhen | null) => void;
}) {
  const question = questions.find((q) => q.linkId === c.question);
  const [value, choices] = [valueText(c), choicesOf(question)];
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      aria-label={`Condition ${String(index + 1)}`}
      role="group"
    >
      <TextField
        select
        size="small"
        label="Show when"
        id={`${idPrefix}-cq-${String(index)}`}
        value={c.question}
        sx={{ minWidth: 200 }}
        onChange={(e) => {
          onChange({ ...c, question: e.target.value });
        }}
      >
        {questions.map((q) => (
          <MenuItem key={q.linkId} value={q.linkId}>
            {q.text ?? q.linkId}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="is"
        id={`${idPrefix}-co-${String(index)}`}
        value={c.operator}
        onChange={(e) => {
          onChange(
            withValue(question, { ...c, operator: e.target.value as EnableWhenOperator }, value),
          );
        }}
      >
        {ENABLE_WHEN_OPERATORS.map((op) => (
          <MenuItem key={op} value={op}>
            {op === 'exists' ? 'answered' : op}
          </MenuItem>
        ))}
      </TextField>
      {choices ? (
        <TextField
          select
          size="small"
          label="Value"
          id={`${idPrefix}-cv-${String(index)}`}
          value={value}
          sx={{ minWidth: 140 }}
          onChange={(e) => {
            onChange(withValue(question, c, e.target.value));
          }}
        >
          {choices.map((o) => (
            <MenuItem key={o.code} value={o.code}>
              {o.display}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        c.operator !== 'exists' && (
          <TextField
            size="small"
            label="Value"
            id={`${idPrefix}-cv-${String(index)}`}
            value={value}
            onChange={(e) => {
              onChange(withValue(question, c, e.target.value));
            }}
          />
        )
      )}
      <IconButton
        aria-label={`Remove condition ${String(index + 1)}`}
        onClick={() => {
          onChange(null);
        }}
      >
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}

/** "Show this item only when …": conditions on other questions' answers (enableWhen). */
export function ConditionEditor({
  item,
  questions,
  onChange,
  idPrefix,
}: {
  item: QuestionnaireItem;
  /** The form's other answerable items. */
  questions: QuestionnaireItem[];
  onChange: (item: QuestionnaireItem) => void;
  idPrefix: string;
}) {
  const conditions = item.enableWhen ?? [];
  const set = (next: EnableWhen[]) => {
    const rest = { ...item };
    delete rest.enableWhen;
    delete rest.enableBehavior;
    onChange(
      next.length === 0
        ? rest
        : {
            ...rest,
            enableWhen: next,
            ...(next.length > 1 ? { enableBehavior: item.enableBehavior ?? 'all' } : {}),
          },
    );
  };
  const first = questions[0];
  return (
    <Stack spacing={1}>
      {conditions.map((c, index) => (
        <ConditionRow
          key={index}
          condition={c}
          index={index}
          questions={questions}
          idPrefix={idPrefix}
          onChange={(next) => {
            set(
              next === null
                ? conditions.filter((_, i) => i !== index)
                : conditions.map((x, i) => (i === index ? next : x)),
            );
          }}
        />
      ))}
      {conditions.length > 1 && (
        <TextField
          select
          size="small"
          label="Show when"
          value={item.enableBehavior ?? 'all'}
          sx={{ maxWidth: 240 }}
          onChange={(e) => {
            onChange({ ...item, enableBehavior: e.target.value === 'any' ? 'any' : 'all' });
          }}
        >
          <MenuItem value="all">all conditions hold</MenuItem>
          <MenuItem value="any">any condition holds</MenuItem>
        </TextField>
      )}
      {first ? (
        <Button
          size="small"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            set([...conditions, withValue(first, { question: first.linkId, operator: '=' }, '')]);
          }}
        >
          Add a condition
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Add another question to show this one only for some answers.
        </Typography>
      )}
    </Stack>
  );
}
