import type { ErrorEnvelope, ResponseOf } from '@openpractice/contracts';
import type {
  autoAssignForms,
  listPendingForms,
} from '@openpractice/contracts/clients/profile/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../../config/paths';
import type { ClientForm } from '../api/forms';
import { assignedMessage, FormsSection } from './forms-section';

const paths = apiPaths.clientProfile;

const INTAKE: ClientForm = {
  id: 5,
  formDefinitionId: 1,
  name: 'Intake questionnaire',
  status: 'pending',
  assignedAt: '2026-11-21T15:00:00.000Z',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Pending forms start as `initial`; assigning adds `toAssign` (or answers `assign`). */
function stubServer(options: {
  initial: ClientForm[];
  toAssign?: ClientForm[];
  assign?: () => Response;
  list?: () => Response;
}) {
  let pending = [...options.initial];
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0] ?? '';
      if (path === apiPaths.csrf)
        return Promise.resolve(json(200, { token: 't', headerName: 'x-csrf-token' }));
      if (path === paths.pendingForms)
        return Promise.resolve(
          options.list?.() ??
            json(200, { forms: pending } satisfies ResponseOf<typeof listPendingForms>),
        );
      if (path === paths.autoAssignForms) {
        calls.push(JSON.parse(typeof init.body === 'string' ? init.body : '{}'));
        const response = options.assign?.();
        if (response) return Promise.resolve(response);
        const added = options.toAssign ?? [];
        pending = [...pending, ...added];
        return Promise.resolve(
          json(200, {
            assigned: added.length,
            forms: added,
          } satisfies ResponseOf<typeof autoAssignForms>),
        );
      }
      return Promise.resolve(json(200, {}));
    }),
  );
  return calls;
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <FormsSection patientId={1002} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FormsSection', () => {
  it('assigns the automatic forms and lists them', async () => {
    const calls = stubServer({ initial: [], toAssign: [INTAKE] });
    renderSection();
    expect(await screen.findByText('No pending forms.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assign automatic forms' }));
    expect(await screen.findByText('Assigned 1 form: Intake questionnaire.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Pending forms' });
    expect(list.textContent).toBe('Intake questionnaire' + 'Pending since 11/21/2026');
    expect(calls).toEqual([{ patientId: 1002 }]);
  });

  it('says when there is nothing to assign', async () => {
    stubServer({ initial: [INTAKE], toAssign: [] });
    renderSection();
    await screen.findByRole('list', { name: 'Pending forms' });
    fireEvent.click(screen.getByRole('button', { name: 'Assign automatic forms' }));
    expect(await screen.findByText('The client already has every automatic form.')).toBeTruthy();
  });

  it('says when assigning fails', async () => {
    stubServer({
      initial: [],
      assign: () =>
        json(500, { status: 'error', message: 'Something went wrong.' } satisfies ErrorEnvelope),
    });
    renderSection();
    await screen.findByText('No pending forms.');
    fireEvent.click(screen.getByRole('button', { name: 'Assign automatic forms' }));
    expect(await screen.findByText('Unable to assign automatic forms.')).toBeTruthy();
  });

  it('says when the forms cannot be loaded, and offers to try again', async () => {
    stubServer({
      initial: [],
      list: () => json(500, { status: 'error', message: 'x' } satisfies ErrorEnvelope),
    });
    renderSection();
    expect(await screen.findByText("Unable to load the client's forms.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('assignedMessage', () => {
  it.each([
    [['Intake questionnaire'], 'Assigned 1 form: Intake questionnaire.'],
    [['A', 'B'], 'Assigned 2 forms: A, B.'],
  ])('%j', (names, text) => {
    expect(assignedMessage(names)).toBe(text);
  });
});
