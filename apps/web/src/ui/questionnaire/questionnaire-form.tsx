import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { enabledItems, type Questionnaire, type QuestionnaireItem } from '@openpractice/domain';
import { useId, useMemo, useSyncExternalStore } from 'react';

import { ItemInput } from './item-input';
import type { QuestionnaireControl, QuestionnaireState } from './questionnaire-control';
import { answersOf, keyedItems } from './values';

type Shared = {
  control: QuestionnaireControl;
  state: QuestionnaireState;
  disabled: boolean;
  enabled: Set<string>;
  keys: Map<QuestionnaireItem, string>;
  idPrefix: string;
};

const HEADINGS = ['h2', 'h3', 'h4', 'h5'] as const;

function Item({ item, depth, ...shared }: Shared & { item: QuestionnaireItem; depth: number }) {
  // Items switched off by enableWhen are not shown; their answers are dropped when sent.
  if (!shared.enabled.has(item.linkId)) return null;
  const key = shared.keys.get(item) ?? item.linkId;
  const id = `${shared.idPrefix}-${key}`;
  if (item.type === 'display') {
    return <Typography sx={{ whiteSpace: 'pre-line' }}>{item.text}</Typography>;
  }
  if (item.type === 'group') {
    return (
      <Stack component="section" aria-labelledby={`${id}-title`} spacing={2}>
        {item.text && (
          <Typography
            id={`${id}-title`}
            component={HEADINGS[Math.min(depth, HEADINGS.length - 1)] ?? 'h5'}
            variant="h6"
          >
            {item.text}
          </Typography>
        )}
        {(item.item ?? []).map((child) => (
          <Item key={child.linkId} item={child} depth={depth + 1} {...shared} />
        ))}
      </Stack>
    );
  }
  return (
    <ItemInput
      item={item}
      name={key}
      value={shared.state.values[key]}
      error={shared.state.errors[key]}
      onChange={(value) => {
        shared.control.change(key, value);
      }}
      inputRef={shared.control.focusRef(key)}
      disabled={shared.disabled}
      id={id}
    />
  );
}

/**
 * The one Questionnaire renderer (issue 18): every item type, bound to the state of
 * useQuestionnaireForm. Which items show follows the answers as they are typed
 * (enableWhen, from the domain, as the server decides on submit). Used by the portal's form
 * page, staff completing a form with a client, and the builder's preview.
 */
export function QuestionnaireForm({
  questionnaire,
  control,
  disabled = false,
  headingLevel = 2,
}: {
  questionnaire: Questionnaire;
  control: QuestionnaireControl;
  disabled?: boolean;
  /** The level of top-level groups' headings (2 = h2). */
  headingLevel?: 2 | 3;
}) {
  const idPrefix = useId();
  const state = useSyncExternalStore(control.subscribe, control.state, control.state);
  const enabled = useMemo(
    () => enabledItems(questionnaire, answersOf(questionnaire, state.values)),
    [questionnaire, state.values],
  );
  const keys = useMemo(
    () => new Map(keyedItems(questionnaire).map(({ key, item }) => [item, key])),
    [questionnaire],
  );
  return (
    <Stack spacing={3}>
      {questionnaire.item.map((item) => (
        <Item
          key={item.linkId}
          item={item}
          depth={headingLevel - 2}
          control={control}
          state={state}
          disabled={disabled}
          enabled={enabled}
          keys={keys}
          idPrefix={idPrefix}
        />
      ))}
    </Stack>
  );
}
