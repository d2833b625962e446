import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  isAnswerable,
  QUESTIONNAIRE_ITEM_TYPES,
  type QuestionnaireItem,
  type QuestionnaireItemType,
} from '@openpractice/domain';

import { ConditionEditor } from './condition-editor';
import { withType, type ItemPath } from './tree';

export const TYPE_LABELS: Record<QuestionnaireItemType, string> = {
  group: 'Section (group)',
  display: 'Text to read',
  string: 'Short answer',
  text: 'Long answer',
  boolean: 'Yes / no',
  choice: 'Choice',
  integer: 'Whole number',
  decimal: 'Number',
  date: 'Date',
};

export type ItemActions = {
  change: (path: ItemPath, item: QuestionnaireItem) => void;
  remove: (path: ItemPath) => void;
  move: (path: ItemPath, by: -1 | 1) => void;
  addChild: (path: ItemPath) => void;
};

/** A choice's options: code, words shown, and a score (summed for measures). */
function OptionsEditor({
  item,
  onChange,
}: {
  item: QuestionnaireItem;
  onChange: (item: QuestionnaireItem) => void;
}) {
  const options = item.answerOption ?? [];
  const set = (next: typeof options) => {
    onChange({ ...item, answerOption: next });
  };
  return (
    <Stack spacing={1} role="group" aria-label={`Options of ${item.text ?? item.linkId}`}>
      {options.map((o, index) => (
        <Stack key={index} direction="row" spacing={1} alignItems="center">
          <TextField
            size="small"
            label={`Option ${String(index + 1)}`}
            value={o.valueCoding.display}
            onChange={(e) => {
              set(
                options.map((x, i) =>
                  i === index
                    ? { ...x, valueCoding: { ...x.valueCoding, display: e.target.value } }
                    : x,
                ),
              );
            }}
          />
          <TextField
            size="small"
            label="Code"
            value={o.valueCoding.code}
            sx={{ width: 110 }}
            onChange={(e) => {
              set(
                options.map((x, i) =>
                  i === index
                    ? { ...x, valueCoding: { ...x.valueCoding, code: e.target.value } }
                    : x,
                ),
              );
            }}
          />
          <TextField
            size="small"
            label="Score"
            value={o.score ?? ''}
            sx={{ width: 90 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(e) => {
              const n = Number.parseInt(e.target.value, 10);
              set(
                options.map((x, i) => {
                  if (i !== index) return x;
                  const rest = { ...x };
                  delete rest.score;
                  return Number.isNaN(n) ? rest : { ...rest, score: n };
                }),
              );
            }}
          />
          <IconButton
            aria-label={`Remove option ${String(index + 1)}`}
            onClick={() => {
              set(options.filter((_, i) => i !== index));
            }}
          >
            <CloseIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          const n = options.length + 1;
          set([
            ...options,
            { valueCoding: { code: `option-${String(n)}`, display: `Option ${String(n)}` } },
          ]);
        }}
      >
        Add an option
      </Button>
    </Stack>
  );
}

type FieldProps = { item: QuestionnaireItem; change: (item: QuestionnaireItem) => void };

/** The item's type, words and id. */
function ItemFields({ item, idPrefix, change }: FieldProps & { idPrefix: string }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
      <TextField
        select
        size="small"
        label="Type"
        id={`${idPrefix}-type`}
        value={item.type}
        sx={{ minWidth: 170 }}
        onChange={(e) => {
          change(withType(item, e.target.value as QuestionnaireItemType));
        }}
      >
        {QUESTIONNAIRE_ITEM_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={item.type === 'display' ? 'Text' : item.type === 'group' ? 'Heading' : 'Question'}
        id={`${idPrefix}-text`}
        value={item.text ?? ''}
        fullWidth
        multiline={item.type === 'display'}
        onChange={(e) => {
          change({ ...item, text: e.target.value });
        }}
      />
      <TextField
        size="small"
        label="Id"
        id={`${idPrefix}-id`}
        value={item.linkId}
        sx={{ width: 140 }}
        onChange={(e) => {
          change({ ...item, linkId: e.target.value });
        }}
      />
    </Stack>
  );
}

/** Required, and repeats (several answers for a choice). */
function ItemFlags({ item, change }: FieldProps) {
  return (
    <>
      <FormControlLabel
        label="Required"
        control={
          <Checkbox
            checked={item.required ?? false}
            onChange={(e) => {
              change({ ...item, required: e.target.checked });
            }}
          />
        }
      />
      <FormControlLabel
        label={item.type === 'choice' ? 'Several answers' : 'Repeats'}
        control={
          <Checkbox
            checked={item.repeats ?? false}
            onChange={(e) => {
              change({ ...item, repeats: e.target.checked });
            }}
          />
        }
      />
    </>
  );
}

/** One item of the form being built, its children when it is a group. */
export function ItemEditor({
  item,
  path,
  siblings,
  questions,
  problems,
  actions,
  disabled,
}: {
  item: QuestionnaireItem;
  path: ItemPath;
  siblings: number;
  /** Every answerable item of the form (for conditions). */
  questions: QuestionnaireItem[];
  /** The server's refusals by item path (`0.2`). */
  problems: Map<string, string>;
  actions: ItemActions;
  disabled: boolean;
}) {
  const key = path.join('.');
  const idPrefix = `item-${key}`;
  const name = item.text ?? item.linkId;
  const change = (next: QuestionnaireItem) => {
    actions.change(path, next);
  };
  const index = path[path.length - 1] ?? 0;
  const problem = problems.get(key);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="fieldset"
      disabled={disabled}
      aria-label={`Item ${key}: ${name}`}
    >
      <Stack spacing={2}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <ItemFields item={item} idPrefix={idPrefix} change={change} />
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          {isAnswerable(item) && <ItemFlags item={item} change={change} />}
          <IconButton
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => {
              actions.move(path, -1);
            }}
          >
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton
            aria-label={`Move ${name} down`}
            disabled={index >= siblings - 1}
            onClick={() => {
              actions.move(path, 1);
            }}
          >
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton
            aria-label={`Remove ${name}`}
            onClick={() => {
              actions.remove(path);
            }}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
        {item.type === 'choice' && <OptionsEditor item={item} onChange={change} />}
        <Typography variant="subtitle2" component="p">
          Shown
        </Typography>
        <ConditionEditor
          item={item}
          questions={questions.filter((q) => q.linkId !== item.linkId)}
          onChange={change}
          idPrefix={idPrefix}
        />
        {item.type === 'group' && (
          <GroupItems
            group={item}
            path={path}
            questions={questions}
            problems={problems}
            actions={actions}
            disabled={disabled}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** A group's children, and adding one. */
function GroupItems({
  group,
  path,
  ...shared
}: {
  group: QuestionnaireItem;
  path: ItemPath;
  questions: QuestionnaireItem[];
  problems: Map<string, string>;
  actions: ItemActions;
  disabled: boolean;
}) {
  return (
    <Stack spacing={2} sx={{ pl: { xs: 0, md: 2 } }}>
      {(group.item ?? []).map((child, i, all) => (
        <ItemEditor key={i} item={child} path={[...path, i]} siblings={all.length} {...shared} />
      ))}
      <Button
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          shared.actions.addChild(path);
        }}
      >
        Add an item to {group.text ?? group.linkId}
      </Button>
    </Stack>
  );
}
