import type { FormAnswers, Questionnaire } from '@openpractice/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';

import { QuestionnaireAnswers } from './questionnaire-answers';
import { QuestionnaireForm } from './questionnaire-form';
import { useQuestionnaireForm } from './use-questionnaire-form';

afterEach(cleanup);

/** One item of every type the server supports, and a condition on a yes/no question. */
const FORM: Questionnaire = {
  resourceType: 'Questionnaire',
  title: 'Every item',
  item: [
    { linkId: 'intro', type: 'display', text: 'Please answer every question.' },
    {
      linkId: 'about',
      type: 'group',
      text: 'About you',
      item: [
        { linkId: 'name', type: 'string', text: 'Name', required: true },
        { linkId: 'story', type: 'text', text: 'What brings you here?' },
        { linkId: 'age', type: 'integer', text: 'Age' },
        { linkId: 'height', type: 'decimal', text: 'Height (m)' },
        { linkId: 'dob', type: 'date', text: 'Date of birth' },
      ],
    },
    { linkId: 'meds', type: 'boolean', text: 'Do you take medication?', required: true },
    {
      linkId: 'medList',
      type: 'string',
      text: 'Which medication?',
      repeats: true,
      required: true,
      enableWhen: [{ question: 'meds', operator: '=', answerBoolean: true }],
    },
    {
      linkId: 'mood',
      type: 'choice',
      text: 'Mood',
      answerOption: [
        { valueCoding: { code: 'low', display: 'Low' }, score: 1 },
        { valueCoding: { code: 'ok', display: 'OK' }, score: 0 },
      ],
    },
    {
      linkId: 'contact',
      type: 'choice',
      text: 'How may we contact you?',
      repeats: true,
      answerOption: [
        { valueCoding: { code: 'phone', display: 'Phone' } },
        { valueCoding: { code: 'email', display: 'Email' } },
      ],
    },
  ],
};

function Harness({
  saved = {},
  onSubmit,
  onChange = () => undefined,
}: {
  saved?: FormAnswers;
  onSubmit: (ok: boolean, answers: FormAnswers) => void;
  onChange?: () => void;
}) {
  const api = useQuestionnaireForm(FORM, saved);
  useEffect(() => api.onChange(onChange), [api, onChange]);
  return (
    <>
      <QuestionnaireForm questionnaire={FORM} control={api.control} />
      <button
        type="button"
        onClick={() => {
          void api.validateForSubmit().then((ok) => {
            onSubmit(ok, api.answers());
          });
        }}
      >
        Check
      </button>
      <button
        type="button"
        onClick={() => api.showServerError('answers.name', 'The server says no.')}
      >
        Server
      </button>
      <button
        type="button"
        onClick={() => {
          api.reset({ name: 'Restored' });
        }}
      >
        Reset
      </button>
    </>
  );
}

describe('QuestionnaireForm', () => {
  it('renders every item type with an accessible label and marks required ones', () => {
    render(<Harness onSubmit={vi.fn()} />);
    expect(screen.getByText('Please answer every question.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveProperty('required', true);
    expect(screen.getByRole('textbox', { name: 'What brings you here?' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Age' }).getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('textbox', { name: 'Height (m)' }).getAttribute('inputmode')).toBe(
      'decimal',
    );
    expect(screen.getByLabelText('Date of birth').getAttribute('type')).toBe('date');
    expect(screen.getByRole('radiogroup', { name: /Do you take medication/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Low' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBeTruthy();
  });

  it('shows an item when its enableWhen holds and hides it again', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    expect(screen.queryByText(/Which medication/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await screen.findByRole('textbox', { name: /Which medication\? \(1\)/ });
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => {
      expect(screen.queryByText(/Which medication/)).toBeNull();
    });
  });

  it('requires only the items shown, with the server’s message', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith(false, {});
    });
    expect(screen.getAllByText('This question needs an answer.')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenLastCalledWith(true, { name: 'Ana', meds: false });
    });
  });

  it('types answers as the server takes them and drops hidden ones', async () => {
    const onSubmit = vi.fn();
    render(
      <Harness
        saved={{ name: 'Ana', meds: false, medList: ['kept hidden'], mood: 'low' }}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Age' }), { target: { value: '42' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Height (m)' }), {
      target: { value: '1.75' },
    });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1984-02-29' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith(true, {
        name: 'Ana',
        age: 42,
        height: 1.75,
        dob: '1984-02-29',
        meds: false,
        mood: 'low',
        contact: ['email'],
      });
    });
  });

  it('refuses a number that is not one, and repeats with Add another', async () => {
    const onSubmit = vi.fn();
    render(<Harness saved={{ name: 'Ana', meds: true }} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Age' }), { target: { value: '4.5' } });
    expect(await screen.findByText('Enter a whole number.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Which medication\? \(1\)/ }), {
      target: { value: 'A' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add another' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Which medication\? \(2\)/ }), {
      target: { value: 'B' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Age' }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith(true, {
        name: 'Ana',
        age: 4,
        meds: true,
        medList: ['A', 'B'],
      });
    });
  });

  it('focuses the first item with a problem, and checks an item again as it changes', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Name/ }));
    });
    expect(screen.getAllByText('This question needs an answer.')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ana' } });
    await waitFor(() => {
      expect(screen.getAllByText('This question needs an answer.')).toHaveLength(1);
    });
    // Emptied again: as one types only the type is checked, until the next submit.
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Age' }), { target: { value: 'x' } });
    expect(await screen.findByText('Enter a whole number.')).toBeTruthy();
    expect(screen.getAllByText('This question needs an answer.')).toHaveLength(1);
  });

  it('tells of the person’s changes, not of a reset, which clears the problems', async () => {
    const onChange = vi.fn();
    render(<Harness onSubmit={vi.fn()} onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Age' }), { target: { value: 'x' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', 'Restored');
    });
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveProperty('value', '');
    expect(screen.queryByText('Enter a whole number.')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('puts a server refusal on the item it names', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Server' }));
    expect(await screen.findByText('The server says no.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Name/ }));
  });
});

describe('QuestionnaireAnswers', () => {
  it('reads a response: options by their words, yes/no, unanswered, hidden items left out', () => {
    render(
      <QuestionnaireAnswers
        questionnaire={FORM}
        answers={{ name: 'Ana', meds: false, mood: 'low', contact: ['phone', 'email'] }}
      />,
    );
    expect(screen.getByText('Low')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
    expect(screen.getByText('Phone, Email')).toBeTruthy();
    expect(screen.getAllByText('Not answered').length).toBeGreaterThan(0);
    expect(screen.queryByText('Which medication?')).toBeNull();
  });
});
