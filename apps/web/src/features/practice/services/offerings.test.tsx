import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import type { ManagedService, Offering } from './api';
import { Offerings } from './offerings';
import {
  chooseEvery,
  draftOf,
  draftProblem,
  OFFERINGS_SAVED_MESSAGE,
  productIdsToSave,
  sameDraft,
  toggleService,
} from './offerings-draft';

const service = (productId: number, cptCode: string, description: string): ManagedService => ({
  productId,
  cptCode,
  description,
  durationMinutes: 60,
  feeCents: 15_000,
  isTelehealth: false,
  isGroup: false,
  isDefault: false,
  active: true,
});

const SERVICES = [
  service(1, '90791', 'Intake'),
  service(2, '90834', 'Psychotherapy, 45 minutes'),
  service(3, '90837', 'Psychotherapy, 60 minutes'),
];

describe('offering drafts', () => {
  it.each<[string, number[], { every: boolean; productIds: number[] }]>([
    ['nothing stored is every service', [], { every: true, productIds: [] }],
    ['stored ids, sorted', [3, 1], { every: false, productIds: [1, 3] }],
    ['a deactivated service is left out', [1, 9], { every: false, productIds: [1] }],
  ])('%s', (_, stored, expected) => {
    expect(draftOf(stored, [1, 2, 3])).toEqual(expected);
  });

  it('leaving Every service starts with every active service ticked', () => {
    const every = draftOf([], [1, 2, 3]);
    expect(chooseEvery(every, false, [3, 1, 2])).toEqual({ every: false, productIds: [1, 2, 3] });
    const some = { every: false, productIds: [2] };
    expect(chooseEvery(some, false, [1, 2, 3])).toEqual(some);
    expect(chooseEvery(some, true, [1, 2, 3])).toEqual({ every: true, productIds: [] });
  });

  it('ticks and unticks one service, keeping the list sorted and single', () => {
    const draft = { every: false, productIds: [1, 3] };
    expect(toggleService(draft, 2, true).productIds).toEqual([1, 2, 3]);
    expect(toggleService(draft, 3, true).productIds).toEqual([1, 3]);
    expect(toggleService(draft, 1, false).productIds).toEqual([3]);
  });

  it('compares, saves and checks drafts by what they mean', () => {
    expect(sameDraft({ every: true, productIds: [] }, { every: true, productIds: [2] })).toBe(true);
    expect(sameDraft({ every: true, productIds: [] }, { every: false, productIds: [] })).toBe(
      false,
    );
    expect(sameDraft({ every: false, productIds: [1] }, { every: false, productIds: [2] })).toBe(
      false,
    );
    expect(productIdsToSave({ every: true, productIds: [1] })).toEqual([]);
    expect(productIdsToSave({ every: false, productIds: [1, 2] })).toEqual([1, 2]);
    // Saving no services would mean every service to the server: refused here instead.
    expect(draftProblem('Ann Lee', { every: false, productIds: [] })).toBe(
      'Choose at least one service for Ann Lee, or Every service.',
    );
    expect(draftProblem('Ann Lee', { every: true, productIds: [] })).toBeNull();
  });
});

/** The therapists' offerings as the server keeps them; `fail` makes the next PUT a 400. */
function stubServer(initial: Offering[]) {
  let offerings = initial;
  const saves: unknown[] = [];
  const state = { fail: false };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const text =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(text, 'http://localhost').pathname;
      const answer = (body: unknown, status = 200) =>
        Promise.resolve(
          new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (path === apiPaths.csrf) return answer({ token: 't', headerName: 'x-csrf-token' });
      if (path === apiPaths.practicePlaces.offerings && init.method === 'PUT') {
        const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
          therapistId: number;
          productIds: number[];
        };
        saves.push(body);
        if (state.fail)
          return answer(
            {
              status: 'error',
              message: 'Choose an active service of this practice.',
              field: 'productIds',
            },
            400,
          );
        offerings = offerings.map((o) =>
          o.therapistId === body.therapistId ? { ...o, ...body } : o,
        );
        return answer({ data: body });
      }
      if (path === apiPaths.practicePlaces.offerings) return answer({ data: offerings });
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return { saves, state };
}

function renderOfferings(services = SERVICES) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <Offerings services={services} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const THERAPISTS: Offering[] = [
  { therapistId: 11, name: 'Ann Lee', productIds: [] },
  { therapistId: 12, name: 'Bo Park', productIds: [3] },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Offerings', () => {
  it('shows each therapist’s services and saves only the changed ones', async () => {
    const { saves } = stubServer(THERAPISTS);
    renderOfferings();
    const ann = await screen.findByRole('group', { name: 'Ann Lee' });
    const bo = screen.getByRole('group', { name: 'Bo Park' });
    const save = () => screen.getByRole('button', { name: 'Save services offered' });
    expect(within(ann).getByRole('checkbox', { name: /^Every service/ })).toHaveProperty(
      'checked',
      true,
    );
    // Every service hides the single boxes; Bo's one service is ticked.
    expect(within(ann).queryByRole('checkbox', { name: /^90837/ })).toBeNull();
    expect(within(bo).getByRole('checkbox', { name: /^90837/ })).toHaveProperty('checked', true);
    expect(within(bo).getByRole('checkbox', { name: /^90791/ })).toHaveProperty('checked', false);
    expect(save()).toHaveProperty('disabled', true);

    fireEvent.click(within(ann).getByRole('checkbox', { name: /^Every service/ }));
    fireEvent.click(within(ann).getByRole('checkbox', { name: /^90791/ }));
    expect(save()).toHaveProperty('disabled', false);
    fireEvent.click(save());
    expect(await screen.findByText(OFFERINGS_SAVED_MESSAGE)).toBeTruthy();
    expect(saves).toEqual([{ therapistId: 11, productIds: [2, 3] }]);
    await waitFor(() => {
      expect(save()).toHaveProperty('disabled', true);
    });
    expect(within(ann).getByRole('checkbox', { name: /^90791/ })).toHaveProperty('checked', false);
  });

  it('refuses no services at all, and keeps the boxes and shows the server’s message on failure', async () => {
    const { saves, state } = stubServer(THERAPISTS);
    renderOfferings();
    const bo = await screen.findByRole('group', { name: 'Bo Park' });
    const save = () => screen.getByRole('button', { name: 'Save services offered' });
    fireEvent.click(within(bo).getByRole('checkbox', { name: /^90837/ }));
    fireEvent.click(save());
    expect(
      await screen.findByText('Choose at least one service for Bo Park, or Every service.'),
    ).toBeTruthy();
    expect(saves).toEqual([]);

    fireEvent.click(within(bo).getByRole('checkbox', { name: /^90834/ }));
    state.fail = true;
    fireEvent.click(save());
    expect(
      await screen.findByText(
        'Unable to save the services Bo Park offers. Choose an active service of this practice.',
      ),
    ).toBeTruthy();
    expect(saves).toEqual([{ therapistId: 12, productIds: [2] }]);
    // Nothing lost: the boxes stay as ticked and Save can be pressed again.
    expect(within(bo).getByRole('checkbox', { name: /^90834/ })).toHaveProperty('checked', true);
    expect(within(bo).getByRole('checkbox', { name: /^90837/ })).toHaveProperty('checked', false);
    state.fail = false;
    fireEvent.click(save());
    expect(await screen.findByText(OFFERINGS_SAVED_MESSAGE)).toBeTruthy();
    expect(saves).toHaveLength(2);
  });

  it('says so when there are no therapists or no active services', async () => {
    stubServer([]);
    renderOfferings();
    expect(await screen.findByText(/No active therapists yet/)).toBeTruthy();
    cleanup();
    stubServer(THERAPISTS);
    renderOfferings([]);
    expect(
      await screen.findByText('Add or reactivate a service to choose who offers it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save services offered' })).toBeNull();
  });
});
