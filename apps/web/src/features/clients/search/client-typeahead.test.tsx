import type { ResponseOf } from '@openpractice/contracts';
import type { findPatients } from '@openpractice/contracts/clients/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import { CHANGE_CHOICE } from './auto-chosen-field';
import { ClientTypeahead } from './client-typeahead';

type Row = ResponseOf<typeof findPatients>['data'][number];

const row = (id: number, firstName: string, lastName: string): Row => ({
  user_id: id,
  patient_rcrd_id: id,
  patient_first_name: firstName,
  patient_nick_name: null,
  patient_last_name: lastName,
  therapist_first_name: null,
  therapist_last_name: null,
  therapist_names: [],
  group_name: null,
  accountNumber: `C${String(id).padStart(9, '0')}`,
  dateOfBirth: null,
  clientStatus: 'Active',
  added: '2026-01-05T15:00:00.000Z',
  isGroup: false,
  custom_searchable_id: null,
});

const IVY = row(55, 'Ivy', 'Testwell');
const IVAN = row(56, 'Ivan', 'Petrov');

/**
 * The search as the server answers it: rows by search text; a text in `held` waits until
 * released, so a slow answer can arrive after a newer search.
 */
function stubSearch(rowsFor: Record<string, Row[]>, held: string[] = []) {
  const releases = new Map<string, () => void>();
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const href =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://x');
      if (url.pathname !== apiPaths.findClients) throw new Error(`unexpected ${url.pathname}`);
      const search = url.searchParams.get('search') ?? '';
      searches.push(search);
      if (held.includes(search)) {
        await new Promise<void>((resolve) => releases.set(search, resolve));
      }
      const body = { data: rowsFor[search] ?? [], total: null, limit: 21, offset: 0 };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return {
    searches,
    release: (search: string) => {
      releases.get(search)?.();
    },
  };
}

function renderPicker() {
  const onSelect = vi.fn();
  const onClear = vi.fn();
  const onOuterKey = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      {/* Stands in for the dialog: Escape on the choice must not reach it. */}
      <div onKeyDown={onOuterKey}>
        <ClientTypeahead label="Client" autoSelectSingle onSelect={onSelect} onClear={onClear} />
      </div>
    </QueryClientProvider>,
  );
  return { onSelect, onClear, onOuterKey };
}

const searchBox = () => screen.getByRole('combobox', { name: 'Client' });
const typeInto = (text: string) => {
  fireEvent.change(searchBox(), { target: { value: text } });
};
const chosen = () => screen.getByRole('textbox', { name: 'Client' });
const status = () => screen.getByRole('status');
const ANNOUNCED = 'Selected Ivy Testwell, the only match.';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClientTypeahead choosing the only match', () => {
  it('chooses the only match for the settled text, says so, and tells the parent', async () => {
    stubSearch({ ivy: [IVY] });
    const { onSelect } = renderPicker();
    expect(status().textContent).toBe('');
    typeInto('ivy');
    await waitFor(() => {
      expect(chosen()).toHaveProperty('value', 'Ivy Testwell');
    });
    expect(status().textContent).toBe(ANNOUNCED);
    expect(screen.getByRole('button', { name: CHANGE_CHOICE })).toBeTruthy();
    await waitFor(() => {
      expect(onSelect).toHaveBeenCalledWith(IVY, { automatic: true });
    });
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('never chooses from a slower answer to an earlier, shorter text', async () => {
    const server = stubSearch({ iv: [IVY], iva: [IVY, IVAN] }, ['iv']);
    const { onSelect } = renderPicker();
    typeInto('iv');
    await waitFor(() => {
      expect(server.searches).toContain('iv');
    });
    // The user types on; the answer for 'iv' (one client) comes in while 'iva' is still settling.
    typeInto('iva');
    await act(async () => {
      server.release('iv');
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(onSelect).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(server.searches).toContain('iva');
    });
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(onSelect).not.toHaveBeenCalled();
    expect(status().textContent).toBe('');
    expect(searchBox()).toHaveProperty('value', 'iva');
  });

  it('does not choose while more than one client matches', async () => {
    const server = stubSearch({ iv: [IVY, IVAN] });
    const { onSelect } = renderPicker();
    typeInto('iv');
    await waitFor(() => {
      expect(server.searches).toEqual(['iv']);
    });
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('Change goes back to what was typed, and that text does not choose again', async () => {
    const server = stubSearch({ ivy: [IVY] });
    const { onSelect, onClear } = renderPicker();
    typeInto('ivy');
    await waitFor(() => {
      expect(onSelect).toHaveBeenCalledTimes(1);
    });
    fireEvent.click(screen.getByRole('button', { name: CHANGE_CHOICE }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(searchBox()).toHaveProperty('value', 'ivy');
    expect(status().textContent).toBe('');
    // Past the debounce and the answer: still the search, still one call to the parent.
    await new Promise((resolve) => setTimeout(resolve, 900));
    await waitFor(() => {
      expect(server.searches.filter((s) => s === 'ivy').length).toBeGreaterThan(0);
    });
    expect(searchBox()).toHaveProperty('value', 'ivy');
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Escape', 'ivy'],
    ['Backspace', 'ivy'],
    ['t', 'ivyt'],
  ])('%s on the choice goes back to the search (%s in the box)', async (key, inBox) => {
    stubSearch({ ivy: [IVY] });
    const { onClear, onOuterKey } = renderPicker();
    typeInto('ivy');
    await waitFor(() => {
      expect(chosen()).toHaveProperty('value', 'Ivy Testwell');
    });
    fireEvent.keyDown(chosen(), { key });
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(searchBox()).toHaveProperty('value', inBox);
    if (key === 'Escape') expect(onOuterKey).not.toHaveBeenCalled();
  });
});
