/** A note as the server answers it, and a stand-in server, for charting's unit tests. */
import { SHIPPED_TEMPLATES } from '@openpractice/domain';
import { vi } from 'vitest';

import { apiPaths } from '../../config/paths';
import { chartingApi } from '../../config/paths/api-charting';
import type { NoteActions, NoteDetail, NoteTemplate } from './api/notes';

const soap = SHIPPED_TEMPLATES.find((t) => t.key === 'soap');
if (!soap) throw new Error('The domain ships a SOAP template.');
export const SOAP = soap;

export const soapTemplate: NoteTemplate = {
  templateId: 1,
  key: SOAP.key,
  version: SOAP.version,
  name: SOAP.name,
  cptCode: SOAP.cptCode,
  sections: SOAP.sections.map((s) => ({
    ...s,
    fields: s.fields.map((f) => ({ ...f, options: 'options' in f ? [...f.options] : undefined })),
  })),
};

export const AUTHOR_DRAFT: NoteActions = {
  canEdit: true,
  canSign: true,
  signSendsForReview: false,
  canReview: false,
  canUnlock: false,
  canAddAddendum: false,
  reviewers: [],
};

export const NO_ACTIONS: NoteActions = {
  canEdit: false,
  canSign: false,
  signSendsForReview: false,
  canReview: false,
  canUnlock: false,
  canAddAddendum: false,
  reviewers: [],
};

export function noteFixture(over: Partial<NoteDetail> = {}): NoteDetail {
  return {
    noteId: 12,
    patientId: 55,
    clientName: 'Ivy Testwell',
    eventId: 21,
    attendeeId: 34,
    therapistId: 3,
    therapistName: 'Priya Raman',
    kind: 'progress',
    isBillingNote: true,
    group: null,
    status: 'draft',
    statusConstant: null,
    version: 1,
    // Monday 8 March 2032, 10:00 in New York.
    sessionAt: '2032-03-08T15:00:00.000Z',
    durationMinutes: 60,
    cptCode: '90837',
    placeOfService: '11',
    telehealth: false,
    diagnoses: [{ code: 'F41.1', description: 'Generalized anxiety disorder' }],
    reviewerName: null,
    template: soapTemplate,
    content: {},
    updatedAt: '2032-03-08T16:00:00.000Z',
    lockedAt: null,
    signatures: [],
    history: [],
    addenda: [],
    actions: AUTHOR_DRAFT,
    ...over,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Call = { method: string; path: string; body: unknown };
type Answer = (call: Call) => Response;

/**
 * The server as the note page sees it. `note` answers GET; `answers` (by "METHOD path")
 * answer the rest; unknown calls get a 404 naming them.
 */
export function stubNoteServer(note: NoteDetail, answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  const paths = chartingApi.charting;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0] ?? '';
      const call: Call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (path === apiPaths.csrf) {
        return Promise.resolve(json(200, { token: 't', headerName: 'x-csrf-token' }));
      }
      const answer = answers[`${call.method} ${path}`];
      if (answer) {
        try {
          return Promise.resolve(answer(call));
        } catch (error) {
          // An answer that throws is no answer at all (the network failed).
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
      if (call.method === 'GET' && path === paths.note(note.noteId)) {
        return Promise.resolve(json(200, { data: note }));
      }
      if (call.method === 'PUT' && path === paths.note(note.noteId)) {
        return Promise.resolve(json(200, { updatedAt: '2032-03-08T16:05:00.000Z' }));
      }
      return Promise.resolve(json(404, { status: 'error', message: `No stub for ${path}` }));
    }),
  );
  return {
    calls,
    sent: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}
