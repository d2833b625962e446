/** A stand-in server for the scheduling dialogs' unit tests: `fetch` answers as the API would. */
import type { ResponseOf } from '@openpractice/contracts';
import type { getVisibleCalendars } from '@openpractice/contracts/calendar/calendars';
import type { createAppointment, createMeeting } from '@openpractice/contracts/calendar/events';
import type {
  countConflicts,
  listServiceLocations,
  telehealthStatus,
} from '@openpractice/contracts/calendar/scheduling';
import type { findPatients, searchContexts } from '@openpractice/contracts/clients/search';
import { vi } from 'vitest';

import { apiPaths } from '../../../config/paths';
import type { ProductOption, ProductsForRequest, VisibleCalendars } from './api';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const CALENDARS: VisibleCalendars = {
  therapists: [
    {
      id: 3,
      userId: 13,
      active: true,
      practitionerFirstName: 'Theresa',
      practitionerLastName: 'Quinn',
      isCurrentUser: false,
    },
    {
      id: 4,
      userId: 14,
      active: true,
      practitionerFirstName: 'Omar',
      practitionerLastName: 'Okafor',
      isCurrentUser: false,
    },
  ],
  reach: 'practice',
  currentTherapistId: null,
  maxSelectable: 16,
  maySchedule: true,
  timezone: 'America/New_York',
  userId: 1,
  screenReader: false,
};

export const option = (over: Partial<ProductOption> = {}): ProductOption => ({
  duration: 45,
  products: [
    {
      productId: 31,
      cptCode: '90834',
      description: 'Psychotherapy, 45 minutes',
      durationMinutes: 45,
    },
  ],
  is_telehealth: false,
  telehealth_pos: null,
  find_type: null,
  selected: false,
  ...over,
});

export const PRODUCTS: ProductsForRequest = {
  products: [
    option({ find_type: 'default_product', selected: true }),
    option({
      duration: 60,
      products: [
        {
          productId: 32,
          cptCode: '90837',
          description: 'Psychotherapy, 60 minutes',
          durationMinutes: 60,
        },
      ],
    }),
  ],
  isTherapistForClient: true,
  client: { id: 55, displayName: 'Ivy Testwell', isGroup: false },
  nextAppointment: null,
};

export const CLIENT_ROW = {
  user_id: 55,
  patient_rcrd_id: 55,
  patient_first_name: 'Ivy',
  patient_nick_name: null,
  patient_last_name: 'Testwell',
  therapist_first_name: null,
  therapist_last_name: null,
  therapist_names: [],
  group_name: null,
  accountNumber: 'C000000055',
  dateOfBirth: null,
  clientStatus: 'Active',
  added: '2026-01-05T15:00:00.000Z',
  isGroup: false,
  custom_searchable_id: null,
} satisfies ResponseOf<typeof findPatients>['data'][number];

type Answer = () => Response;

export interface Answers {
  calendars?: Answer;
  contexts?: Answer;
  telehealth?: Answer;
  products?: Answer;
  conflicts?: Answer;
  clients?: Answer;
  createAppointment?: Answer;
  createMeeting?: Answer;
}

/** The server as the dialog sees it; every call is recorded with its query or body. */
export function stubServer(answers: Answers = {}) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const [path = '', search = ''] = url.split('?');
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path,
        query: new URLSearchParams(search),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const answer = (fallback: () => Response, given?: Answer) =>
        Promise.resolve((given ?? fallback)());
      switch (path) {
        case apiPaths.csrf:
          return answer(() => json(200, { token: 't', headerName: 'x-csrf-token' }));
        case apiPaths.calendar.visibleCalendars:
          return answer(
            () => json(200, { data: CALENDARS } satisfies ResponseOf<typeof getVisibleCalendars>),
            answers.calendars,
          );
        case apiPaths.clientSearchContexts:
          return answer(
            () =>
              json(200, {
                data: [{ value: 'all', label: 'All Clients' }],
                callerTherapistId: null,
              } satisfies ResponseOf<typeof searchContexts>),
            answers.contexts,
          );
        case apiPaths.calendar.serviceLocations:
          return answer(() =>
            json(200, {
              data: [{ id: 1, name: 'Main Office', color: '#1565C0', isDefault: true }],
            } satisfies ResponseOf<typeof listServiceLocations>),
          );
        case apiPaths.calendar.telehealthStatus:
          return answer(
            () =>
              json(200, {
                data: { hasTelehealth: true, allowedPos: ['02', '10', '11'] },
              } satisfies ResponseOf<typeof telehealthStatus>),
            answers.telehealth,
          );
        case apiPaths.calendar.productsForRequest:
          return answer(() => json(200, { data: PRODUCTS }), answers.products);
        case apiPaths.calendar.countConflicts:
          return answer(
            () =>
              json(200, { data: { conflictCount: 0 } } satisfies ResponseOf<typeof countConflicts>),
            answers.conflicts,
          );
        case apiPaths.calendar.therapistAvailability:
          return answer(() => json(200, { data: [] }));
        case apiPaths.findClients:
          return answer(
            () =>
              json(200, {
                data: [CLIENT_ROW],
                total: null,
                limit: 21,
                offset: 0,
              } satisfies ResponseOf<typeof findPatients>),
            answers.clients,
          );
        case apiPaths.calendar.createAppointment:
          return answer(
            () =>
              json(201, {
                status: 'success',
                message: 'Calendar item created.',
                data: { calendar_event_ids: [101], series_id: null },
              } satisfies ResponseOf<typeof createAppointment>),
            answers.createAppointment,
          );
        case apiPaths.calendar.createMeeting:
          return answer(
            () =>
              json(201, {
                status: 'success',
                message: 'Meeting created.',
                data: { calendar_event_id: 202 },
              } satisfies ResponseOf<typeof createMeeting>),
            answers.createMeeting,
          );
        default:
          return answer(() => json(404, { status: 'error', message: `No stub for ${path}` }));
      }
    }),
  );
  return {
    calls,
    posted: (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path),
    gets: (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path),
  };
}
