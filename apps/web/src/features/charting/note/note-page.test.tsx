import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chartingApi } from '../../../config/paths/api-charting';
import { ConfirmDialogHost } from '../../../ui/confirm/confirm-dialog';
import type { NoteDetail } from '../api/notes';
import { AUTHOR_DRAFT, json, NO_ACTIONS, noteFixture, stubNoteServer } from '../note-fixture';
import { NotePage } from './note-page';
import { offeredNoteActions } from './note-actions-logic';
import type { RunProtected } from './steps';

const paths = chartingApi.charting;
configure({ asyncUtilTimeout: 5000 });

const COMPLETE = {
  subjective: 'Slept better this week.',
  objective: 'Calm, engaged.',
  assessment: 'Improving.',
  plan: 'Weekly sessions.',
  mse: {
    appearance: 'Appropriate',
    behavior: 'Cooperative',
    speech: 'Normal',
    mood: 'Euthymic',
    affect: 'Congruent',
    thoughtProcess: 'Logical',
    thoughtContent: 'Appropriate',
    perception: 'No disturbance',
    orientation: 'Oriented x3',
    insight: 'Good',
    judgment: 'Good',
  },
  risk: {
    suicidal: 'None',
    homicidal: 'None',
    selfHarm: 'None',
    abuse: 'None',
    substance: 'None',
    denies: 'yes',
  },
};

function renderPage(
  note: NoteDetail,
  runProtected = vi.fn<RunProtected>(async (action) => {
    await action();
    return true;
  }),
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SnackbarProvider>
          <NotePage
            patientId={note.patientId}
            noteId={note.noteId}
            timeZone="America/New_York"
            runProtected={runProtected}
          />
          <ConfirmDialogHost />
        </SnackbarProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return runProtected;
}

const ACTION_NAMES = [
  'Sign',
  'Send for review',
  'Return with feedback',
  'Co-sign',
  'Unlock',
  'Add addendum',
];
const shownActions = () =>
  ACTION_NAMES.filter((name) => screen.queryByRole('button', { name }) !== null);

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('offeredNoteActions', () => {
  it.each([
    ['the author of a draft', AUTHOR_DRAFT, ['sign']],
    ['a supervisee', { ...AUTHOR_DRAFT, signSendsForReview: true }, ['sendForReview']],
    ['the author waiting for review', NO_ACTIONS, []],
    ['the reviewer', { ...NO_ACTIONS, canReview: true }, ['returnWithFeedback', 'cosign']],
    ['a manager of a locked note', { ...NO_ACTIONS, canUnlock: true }, ['unlock']],
    ['the author of a locked note', { ...NO_ACTIONS, canAddAddendum: true }, ['addAddendum']],
  ])('offers %s: %j', (_who, actions, offered) => {
    expect(offeredNoteActions(actions)).toEqual(offered);
  });
});

describe('NotePage', { timeout: 30_000 }, () => {
  it('shows the session in the practice zone and, to its author, the form with Sign', async () => {
    stubNoteServer(noteFixture());
    renderPage(noteFixture());
    expect(await screen.findByRole('heading', { name: 'SOAP progress note' })).toBeTruthy();
    expect(screen.getByText('03/08/2032 10:00 AM')).toBeTruthy();
    expect(screen.getByText('11 Office')).toBeTruthy();
    expect(screen.getByText('To be completed')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Subjective/ })).toBeTruthy();
    expect(shownActions()).toEqual(['Sign']);
    expect(screen.getByRole('status').textContent).toBe('Saved');
  });

  it.each([
    [
      'a supervisee sends a draft for review',
      noteFixture({ actions: { ...AUTHOR_DRAFT, signSendsForReview: true } }),
      ['Send for review'],
      true,
    ],
    [
      'the author reads a note awaiting review',
      noteFixture({
        status: 'pendingreview',
        statusConstant: 'chartstatus.pendingreview',
        reviewerName: 'Mara Quinn',
        actions: NO_ACTIONS,
      }),
      [],
      false,
    ],
    [
      'the reviewer returns or co-signs',
      noteFixture({
        status: 'pendingreview',
        statusConstant: 'chartstatus.pendingreview',
        actions: { ...NO_ACTIONS, canReview: true },
      }),
      ['Return with feedback', 'Co-sign'],
      false,
    ],
    [
      'a manager unlocks a locked note',
      noteFixture({
        status: 'locked',
        statusConstant: 'chartstatus.locked',
        actions: { ...NO_ACTIONS, canUnlock: true },
      }),
      ['Unlock'],
      false,
    ],
    [
      'the author adds to a locked note',
      noteFixture({
        status: 'locked',
        statusConstant: 'chartstatus.locked',
        actions: { ...NO_ACTIONS, canAddAddendum: true },
      }),
      ['Add addendum'],
      false,
    ],
  ])('%s', async (_case, note, actions, editable) => {
    stubNoteServer(note);
    renderPage(note);
    await screen.findByRole('heading', { name: 'SOAP progress note' });
    expect(shownActions()).toEqual(actions);
    expect(screen.queryByRole('textbox', { name: /^Subjective/ }) !== null).toBe(editable);
    if (note.status === 'pendingreview' && !note.actions.canReview) {
      expect(screen.getByText(/Awaiting review by Mara Quinn/)).toBeTruthy();
    }
  });

  it('will not sign while required answers are missing, and names them', async () => {
    const server = stubNoteServer(noteFixture());
    const runProtected = renderPage(noteFixture());
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    const alert = await screen.findByText('Complete these before signing:');
    const list = within(alert.parentElement!);
    expect(list.getByText('Subjective is required before signing')).toBeTruthy();
    expect(list.getByText('Risk assessment is required before signing')).toBeTruthy();
    expect(runProtected).not.toHaveBeenCalled();
    expect(server.sent('POST', paths.note(12, 'sign'))).toEqual([]);
  });

  it('signs after asking, through the password check, and then shows the note locked', async () => {
    const note = noteFixture({ content: COMPLETE });
    const locked = noteFixture({
      content: COMPLETE,
      status: 'locked',
      statusConstant: 'chartstatus.locked',
      lockedAt: '2032-03-08T17:00:00.000Z',
      signatures: [
        {
          signerName: 'Priya Raman',
          role: 'author',
          signedAt: '2032-03-08T17:00:00.000Z',
          version: 1,
          contentHash: 'abc',
        },
      ],
      actions: { ...NO_ACTIONS, canAddAddendum: true },
    });
    const server = stubNoteServer(note, {
      [`POST ${paths.note(12, 'sign')}`]: () => json(200, { data: locked }),
    });
    const runProtected = renderPage(note);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign and lock this note?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Signed and locked')).toBeTruthy();
    expect(runProtected).toHaveBeenCalledTimes(1);
    expect(server.sent('POST', paths.note(12, 'sign'))).toHaveLength(1);
    expect(screen.getByText('Priya Raman · Author')).toBeTruthy();
    expect(screen.getByText('Slept better this week.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Subjective/ })).toBeNull();
  });

  it("shows the server's refusal when signing fails", async () => {
    const note = noteFixture({ content: COMPLETE });
    stubNoteServer(note, {
      [`POST ${paths.note(12, 'sign')}`]: () =>
        json(403, { status: 'error', message: 'Notes cannot be signed while impersonating.' }),
    });
    renderPage(note);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign and lock this note?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Notes cannot be signed while impersonating.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign' })).toBeTruthy();
  });

  it('lets a supervisee with several supervisors choose who reviews the note', async () => {
    const note = noteFixture({
      content: COMPLETE,
      actions: {
        ...AUTHOR_DRAFT,
        signSendsForReview: true,
        reviewers: [
          { therapistId: 1, name: 'Mara Quinn' },
          { therapistId: 4, name: 'Samuel Ortiz' },
        ],
      },
    });
    const sent = noteFixture({
      content: COMPLETE,
      status: 'pendingreview',
      statusConstant: 'chartstatus.pendingreview',
      reviewerName: 'Samuel Ortiz',
      actions: NO_ACTIONS,
    });
    const server = stubNoteServer(note, {
      [`POST ${paths.note(12, 'sign')}`]: () => json(200, { data: sent }),
    });
    renderPage(note);
    fireEvent.click(await screen.findByRole('button', { name: 'Send for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the note for review' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    expect(within(dialog).getByText('Choose the supervisor who reviews it.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Samuel Ortiz' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/Awaiting review by Samuel Ortiz/)).toBeTruthy();
    expect(server.sent('POST', paths.note(12, 'sign'))[0]?.body).toEqual({
      reviewerTherapistId: 4,
    });
  });

  it('returns a note with feedback only once the feedback is written', async () => {
    const note = noteFixture({
      status: 'pendingreview',
      statusConstant: 'chartstatus.pendingreview',
      content: COMPLETE,
      actions: { ...NO_ACTIONS, canReview: true },
    });
    const returned = noteFixture({
      status: 'feedback',
      statusConstant: 'chartstatus.feedback',
      content: COMPLETE,
      history: [
        {
          at: '2032-03-08T18:00:00.000Z',
          userName: 'Mara Quinn',
          action: 'returned',
          version: 1,
          addendumId: null,
          comment: 'Say more about the plan.',
        },
      ],
      actions: NO_ACTIONS,
    });
    const server = stubNoteServer(note, {
      [`POST ${paths.note(12, 'return')}`]: () => json(200, { data: returned }),
    });
    renderPage(note);
    fireEvent.click(await screen.findByRole('button', { name: 'Return with feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the note with feedback' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return with feedback' }));
    expect(
      within(dialog).getByText('Say what should change before returning the note.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Feedback/ }), {
      target: { value: 'Say more about the plan.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return with feedback' }));
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Returned with feedback by Mara Quinn: Say more about the plan.',
      );
    });
    expect(server.sent('POST', paths.note(12, 'return'))[0]?.body).toEqual({
      comment: 'Say more about the plan.',
    });
  });

  it('unlocks with a reason, through the password check', async () => {
    const note = noteFixture({
      status: 'locked',
      statusConstant: 'chartstatus.locked',
      content: COMPLETE,
      actions: { ...NO_ACTIONS, canUnlock: true },
    });
    const server = stubNoteServer(note, {
      [`POST ${paths.note(12, 'unlock')}`]: () =>
        json(200, { data: noteFixture({ version: 2, actions: NO_ACTIONS }) }),
    });
    const runProtected = renderPage(note);
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock this note?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Wrong client' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => {
      expect(server.sent('POST', paths.note(12, 'unlock'))[0]?.body).toEqual({
        reason: 'Wrong client',
      });
    });
    expect(runProtected).toHaveBeenCalledTimes(1);
  });
});
