import {
  ALL_NORMAL_LABEL,
  DENIES_ALL_RISK_LABEL,
  MSE_CATEGORIES,
  RISK_AREAS,
  SHIPPED_TEMPLATES,
} from '@openpractice/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { soapTemplate } from '../note-fixture';
import { TemplateAnswers } from './template-answers';
import { TemplateForm } from './template-form';
import type { Answers, FieldProblem, RenderableTemplate } from './types';
import { useTemplateForm } from './use-template-form';

afterEach(cleanup);

type Check = (problems: FieldProblem[], values: Answers) => void;

function Harness({
  template,
  saved,
  onCheck,
}: {
  template: RenderableTemplate;
  saved: Answers;
  onCheck: Check;
}) {
  const { form, validateForSigning } = useTemplateForm(template, saved);
  return (
    <>
      <TemplateForm template={template} control={form.control} />
      <button
        type="button"
        onClick={() => {
          void validateForSigning().then((problems) => {
            onCheck(problems, form.getValues());
          });
        }}
      >
        Check
      </button>
    </>
  );
}

function setup(saved: Answers = {}, template: RenderableTemplate = soapTemplate) {
  const onCheck = vi.fn<Check>();
  render(<Harness template={template} saved={saved} onCheck={onCheck} />);
  const check = async () => {
    onCheck.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => {
      expect(onCheck).toHaveBeenCalled();
    });
    const [problems, values] = onCheck.mock.calls[0]!;
    return { problems, values };
  };
  return { check };
}

const select = (label: string) => screen.getByRole<HTMLSelectElement>('combobox', { name: label });
const mse = () => within(screen.getByRole('group', { name: /Mental status exam/ }));
const risk = () => within(screen.getByRole('group', { name: /Risk assessment/ }));

describe('TemplateForm', { timeout: 30_000 }, () => {
  it("draws the template's sections as headed regions, its fields by type", () => {
    setup();
    for (const title of ['Subjective', 'Objective', 'Assessment', 'Plan']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByRole('textbox', { name: /^Subjective/ })).toBeTruthy();
    expect(mse().getAllByRole('combobox')).toHaveLength(MSE_CATEGORIES.length);
    expect(risk().getAllByRole('combobox')).toHaveLength(RISK_AREAS.length);
  });

  it('All normal fills every category of the mental status exam with its normal finding', async () => {
    const { check } = setup({ mse: { mood: 'Anxious' } });
    expect(select('Mood').value).toBe('Anxious');
    fireEvent.click(mse().getByRole('button', { name: ALL_NORMAL_LABEL }));
    for (const category of MSE_CATEGORIES) {
      expect(select(category.label).value).toBe(category.choices[0]);
    }
    const { values } = await check();
    expect(values.mse).toEqual(Object.fromEntries(MSE_CATEGORIES.map((c) => [c.id, c.choices[0]])));
  });

  it('denying all risk sets every area to None; another level takes the denial back', async () => {
    const { check } = setup();
    fireEvent.click(risk().getByRole('checkbox', { name: DENIES_ALL_RISK_LABEL }));
    for (const area of RISK_AREAS) expect(select(area.label).value).toBe('None');
    expect((await check()).values.risk).toMatchObject({ suicidal: 'None', denies: 'yes' });

    fireEvent.change(select('Substance use'), { target: { value: 'Low' } });
    expect(
      risk().getByRole<HTMLInputElement>('checkbox', { name: DENIES_ALL_RISK_LABEL }).checked,
    ).toBe(false);
    expect((await check()).values.risk).toMatchObject({ substance: 'Low', denies: '' });
  });

  it('blocks signing while required answers are missing, naming each field in order', async () => {
    const { check } = setup({ plan: 'Weekly sessions.' });
    const { problems } = await check();
    expect(problems.map((p) => p.message)).toEqual([
      'Subjective is required before signing',
      'Objective is required before signing',
      'Mental status exam is required before signing',
      'Assessment is required before signing',
      'Risk assessment is required before signing',
    ]);
    expect(screen.getByText('Subjective is required before signing')).toBeTruthy();
    expect(mse().getByText('Mental status exam is required before signing')).toBeTruthy();
    // The first field left blank takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Subjective/ }));
  });

  it('passes once every required answer is given (spaces alone are not an answer)', async () => {
    const { check } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: /^Subjective/ }), {
      target: { value: '   ' },
    });
    for (const id of ['Objective', 'Assessment', 'Plan']) {
      fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${id}`) }), {
        target: { value: `${id} text` },
      });
    }
    fireEvent.click(mse().getByRole('button', { name: ALL_NORMAL_LABEL }));
    fireEvent.click(risk().getByRole('checkbox', { name: DENIES_ALL_RISK_LABEL }));
    expect((await check()).problems.map((p) => p.field)).toEqual(['subjective']);

    fireEvent.change(screen.getByRole('textbox', { name: /^Subjective/ }), {
      target: { value: 'Slept better this week.' },
    });
    expect((await check()).problems).toEqual([]);
  });

  it('names the categories left open when the exam is incomplete', async () => {
    const { check } = setup();
    fireEvent.click(mse().getByRole('button', { name: ALL_NORMAL_LABEL }));
    fireEvent.change(select('Mood'), { target: { value: '' } });
    const { problems } = await check();
    expect(problems.find((p) => p.field === 'mse')?.message).toBe(
      'Mental status exam is required before signing',
    );
    expect(select('Mood').getAttribute('aria-invalid')).toBe('true');
    expect(select('Affect').getAttribute('aria-invalid')).toBe('false');
  });

  it('draws every shipped template', () => {
    for (const template of SHIPPED_TEMPLATES) {
      render(<Harness template={template} saved={{}} onCheck={vi.fn()} />);
      for (const section of template.sections) {
        expect(screen.getByRole('heading', { name: section.title })).toBeTruthy();
      }
      cleanup();
    }
  });
});

describe('TemplateAnswers', () => {
  it('reads the answers back, with the denial of risk and what was not answered', () => {
    render(
      <TemplateAnswers
        template={soapTemplate}
        answers={{
          subjective: 'Slept better.',
          mse: { mood: 'Euthymic' },
          risk: { suicidal: 'None', denies: 'yes' },
        }}
      />,
    );
    expect(screen.getByText('Slept better.')).toBeTruthy();
    expect(screen.getByText(`${DENIES_ALL_RISK_LABEL}.`)).toBeTruthy();
    expect(screen.getByText('Euthymic')).toBeTruthy();
    expect(screen.getAllByText('Not answered').length).toBeGreaterThan(3);
  });
});
