import { and, asc, desc, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { auditLog, clientAddresses, clients } from '../src/db/schema/index.ts';
import { ID_ANALYSIS_NOT_SET_UP } from '../src/platform/id-analysis.ts';
import {
  signedIn,
  testApp,
  testClock,
  testDatabase,
  type Browser,
  type TestApp,
} from './harness.ts';

/**
 * Photo ID analysis against a real HTTP service: a node:http server in this
 * test stands in for the analysis provider and records what it was sent.
 */

const TOKEN = 'analysis-token-123';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a photo of a driving licence'),
]);

type Received = { method: string; authorization?: string; contentType?: string; body: Buffer };
type Answer = { status: number; body: string; contentType?: string };

/** The stand-in analysis service: answers `answer` and keeps every request. */
class AnalysisService {
  received: Received[] = [];
  answer: Answer = { status: 200, body: '{}' };
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          method: request.method ?? '',
          ...(request.headers.authorization
            ? { authorization: request.headers.authorization }
            : {}),
          ...(request.headers['content-type']
            ? { contentType: request.headers['content-type'] }
            : {}),
          body: Buffer.concat(chunks),
        });
        response.writeHead(this.answer.status, {
          'content-type': this.answer.contentType ?? 'application/json',
        });
        response.end(this.answer.body);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/v1/read-id`;
  }

  reply(body: unknown, status = 200) {
    this.answer = { status, body: JSON.stringify(body) };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server?.close(() => {
        resolve();
      }),
    );
  }
}

const READING = {
  firstName: 'MARGARET',
  middleName: 'Eliza',
  lastName: 'Hamilton-Smith',
  dob: '1985-06-16',
  addressLine1: '9 Elm Street',
  city: 'Bangor',
  state: 'me',
  zipcode: '04401-1234',
};

const service = new AnalysisService();
let database: Database;
let dataDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let manager: Browser;
let therapist2: Browser;
let owner2: Browser;
let margaret: number;
let harriet: number;

async function clientIdOf(firstName: string, lastName: string): Promise<number> {
  const [row] = await database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, firstName), eq(clients.lastName, lastName)));
  if (!row) throw new Error(`no demo client ${firstName} ${lastName}`);
  return row.id;
}

async function uploadPhoto(browser: Browser, patientId: number, body = PNG) {
  const grant = await browser.get(`/api/patient/getPhotoIdUploadUrl?patientId=${patientId}`);
  expect(grant.statusCode).toBe(200);
  const put = await browser.request('PUT', grant.json<{ url: string }>().url, body, {
    headers: { 'content-type': 'image/png' },
  });
  expect(put.statusCode).toBe(200);
}

const auditRows = (patientId: number, action: string) =>
  database.db
    .select({ detail: auditLog.detail, actorUserId: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.patientId, patientId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));

const clientRow = async (id: number) =>
  (
    await database.db
      .select({
        firstName: clients.firstName,
        middleName: clients.middleName,
        lastName: clients.lastName,
        dob: clients.dob,
      })
      .from(clients)
      .where(eq(clients.id, id))
  )[0];

const addressesOf = (id: number) =>
  database.db
    .select({
      addressLine1: clientAddresses.addressLine1,
      addressLine2: clientAddresses.addressLine2,
      city: clientAddresses.city,
      state: clientAddresses.state,
      zipcode: clientAddresses.zipcode,
      isDefault: clientAddresses.isDefault,
      isMailing: clientAddresses.isMailing,
    })
    .from(clientAddresses)
    .where(eq(clientAddresses.clientId, id))
    .orderBy(asc(clientAddresses.id));

beforeAll(async () => {
  await service.start();
  database = await testDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'op-data-'));
  app = await buildApp({
    database,
    dataDir,
    now: testClock().now,
    logLevel: 'silent',
    publicRateLimit: 10_000,
    idAnalysis: { url: service.url, token: TOKEN },
  });
  [manager, therapist2, owner2] = await Promise.all([
    signedIn(app, 'manager'),
    signedIn(app, 'therapist2'),
    signedIn(app, 'owner2'),
  ]);
  margaret = await clientIdOf('Margaret', 'Hamilton');
  harriet = await clientIdOf('Harriet', 'Harbor');
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  await service.stop();
});

beforeEach(() => {
  service.received = [];
  service.reply(READING);
});

describe('GET /api/patient/analyzePhotoId', () => {
  it('says the service is set up', async () => {
    const status = await manager.get('/api/patient/photoIdAnalysisStatus');
    expect(status.json()).toEqual({ available: true, message: null });
  });

  it('404 when the client has no photo ID, without calling the service', async () => {
    const response = await manager.get(`/api/patient/analyzePhotoId?patientId=${margaret}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This client has no photo ID. Upload one first.');
    expect(service.received).toHaveLength(0);
  });

  it('sends the stored PNG with the bearer token and proposes the changes of the rule', async () => {
    await uploadPhoto(manager, margaret);
    const response = await manager.get(`/api/patient/analyzePhotoId?patientId=${margaret}`);
    expect(response.statusCode).toBe(200);

    expect(service.received).toHaveLength(1);
    const [sent] = service.received;
    expect(sent).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${TOKEN}`,
      contentType: 'image/png',
    });
    expect(sent?.body.equals(PNG)).toBe(true);

    const before = await clientRow(margaret);
    const addresses = await addressesOf(margaret);
    const home = addresses.find((a) => a.isDefault);
    const body = response.json();
    expect(body.analysis).toEqual({
      firstName: 'MARGARET',
      middleName: 'Eliza',
      lastName: 'Hamilton-Smith',
      dob: '1985-06-16',
      addressLine1: '9 Elm Street',
      city: 'Bangor',
      state: 'ME',
      zipcode: '044011234',
    });
    expect(body.proposedChanges.name).toEqual({
      current: {
        firstName: before?.firstName,
        middleName: before?.middleName,
        lastName: before?.lastName,
      },
      proposed: { firstName: 'MARGARET', middleName: 'Eliza', lastName: 'Hamilton-Smith' },
    });
    expect(body.proposedChanges.dob).toEqual({ current: before?.dob, proposed: '1985-06-16' });
    expect(body.proposedChanges.address).toEqual({
      current: home
        ? {
            addressLine1: home.addressLine1,
            addressLine2: home.addressLine2,
            city: home.city,
            state: home.state,
            zipcode: home.zipcode,
          }
        : null,
      proposed: {
        addressLine1: '9 Elm Street',
        addressLine2: null,
        city: 'Bangor',
        state: 'ME',
        zipcode: '044011234',
      },
    });
    const [audit] = await auditRows(margaret, 'client.photo_id_analysed');
    expect(audit?.detail).toMatchObject({ proposed: ['name', 'dob', 'address'] });
    // Reading changes nothing on the record.
    expect(await clientRow(margaret)).toEqual(before);
  });

  it('proposes nothing for a part the service could not read', async () => {
    service.reply({ ...READING, lastName: null, zipcode: '0440', dob: 'not a date' });
    const body = (await manager.get(`/api/patient/analyzePhotoId?patientId=${margaret}`)).json();
    expect(Object.keys(body.proposedChanges)).toEqual([]);
  });

  it.each<[string, Answer, string]>([
    [
      'an error status',
      { status: 500, body: '{"error":"boom"}' },
      'We could not read the photo ID. Please try again.',
    ],
    [
      'an unauthorised answer',
      { status: 401, body: '' },
      'We could not read the photo ID. Please try again.',
    ],
    [
      'an answer that is not JSON',
      { status: 200, body: '<html>', contentType: 'text/html' },
      'The photo ID analysis service gave an answer we could not read. Please try again.',
    ],
    [
      'a JSON list',
      { status: 200, body: '[1,2]' },
      'The photo ID analysis service gave an answer we could not read. Please try again.',
    ],
  ])('502 when the service gives %s', async (_label, answer, message) => {
    service.answer = answer;
    const response = await manager.get(`/api/patient/analyzePhotoId?patientId=${margaret}`);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(message);
  });

  it('403 for a therapist who does not treat the client; 404 for another practice', async () => {
    expect(
      (await therapist2.get(`/api/patient/analyzePhotoId?patientId=${margaret}`)).statusCode,
    ).toBe(403);
    expect((await owner2.get(`/api/patient/analyzePhotoId?patientId=${margaret}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await owner2.post('/api/patient/applyPhotoIdAnalysis', {
          patientId: margaret,
          parts: ['name'],
        })
      ).statusCode,
    ).toBe(404);
    expect(service.received).toHaveLength(0);
  });

  it('400 for a bad patient id', async () => {
    expect((await manager.get('/api/patient/analyzePhotoId?patientId=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/patient/applyPhotoIdAnalysis', () => {
  it('refuses an empty or unknown choice of parts', async () => {
    const none = await manager.post('/api/patient/applyPhotoIdAnalysis', {
      patientId: margaret,
      parts: [],
    });
    expect(none.statusCode).toBe(400);
    const unknown = await manager.post('/api/patient/applyPhotoIdAnalysis', {
      patientId: margaret,
      parts: ['memo'],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('writes only the chosen part: the date of birth', async () => {
    await manager.get(`/api/patient/analyzePhotoId?patientId=${margaret}`);
    const before = await clientRow(margaret);
    const response = await manager.post('/api/patient/applyPhotoIdAnalysis', {
      patientId: margaret,
      parts: ['dob'],
    });
    expect(response.json()).toEqual({ status: 'saved', applied: ['dob'] });
    expect(await clientRow(margaret)).toEqual({ ...before, dob: '1985-06-16' });
    const [audit] = await auditRows(margaret, 'client.photo_id_analysis_applied');
    expect(audit?.detail).toMatchObject({ parts: ['dob'], fields: ['dob'] });
  });

  it('skips a part that no longer changes anything, and answers unchanged when nothing is left', async () => {
    const auditsBefore = (await auditRows(margaret, 'client.photo_id_analysis_applied')).length;
    const again = await manager.post('/api/patient/applyPhotoIdAnalysis', {
      patientId: margaret,
      parts: ['dob'],
    });
    expect(again.json()).toEqual({ status: 'unchanged' });
    // The record was read to find nothing to change: its row says so (issue 13, finding 2).
    const rows = await auditRows(margaret, 'client.photo_id_analysis_applied');
    expect(rows.length).toBe(auditsBefore + 1);
    expect(rows[0]?.detail).toMatchObject({ parts: [], fields: [] });
  });

  it('writes the name and replaces the default address, clearing addressLine2', async () => {
    await manager.post('/api/patient/saveAddress', {
      userId: margaret,
      addressLine1: '12 Harbor Road',
      addressLine2: 'Apt 3',
      city: 'Portland',
      state: 'ME',
      zipcode: '04101',
      isDefault: true,
    });
    const before = await addressesOf(margaret);
    expect(before.find((a) => a.isDefault)?.addressLine2).toBe('Apt 3');

    const response = await manager.post('/api/patient/applyPhotoIdAnalysis', {
      patientId: margaret,
      parts: ['address', 'name', 'dob'],
    });
    expect(response.json()).toEqual({ status: 'saved', applied: ['name', 'address'] });
    expect(await clientRow(margaret)).toEqual({
      firstName: 'MARGARET',
      middleName: 'Eliza',
      lastName: 'Hamilton-Smith',
      dob: '1985-06-16',
    });
    const after = await addressesOf(margaret);
    expect(after).toHaveLength(before.length);
    expect(after.filter((a) => a.isDefault)).toEqual([
      {
        addressLine1: '9 Elm Street',
        addressLine2: null,
        city: 'Bangor',
        state: 'ME',
        zipcode: '044011234',
        isDefault: true,
        isMailing: before.find((a) => a.isDefault)?.isMailing,
      },
    ]);
    // Other addresses are left alone.
    expect(after.filter((a) => !a.isDefault)).toEqual(before.filter((a) => !a.isDefault));
    const [audit] = await auditRows(margaret, 'client.photo_id_analysis_applied');
    expect(audit?.detail).toMatchObject({
      parts: ['name', 'address'],
      fields: [
        'firstName',
        'middleName',
        'lastName',
        'addressLine1',
        'addressLine2',
        'city',
        'state',
        'zipcode',
      ],
    });
  });

  it('gives a client without an address a default and mailing address', async () => {
    const chris = await clientIdOf('Chris', 'Client');
    await database.db.delete(clientAddresses).where(eq(clientAddresses.clientId, chris));
    await uploadPhoto(manager, chris);
    await manager.get(`/api/patient/analyzePhotoId?patientId=${chris}`);
    const response = await manager.post('/api/patient/applyPhotoIdAnalysis', {
      patientId: chris,
      parts: ['address'],
    });
    expect(response.json()).toEqual({ status: 'saved', applied: ['address'] });
    expect(await addressesOf(chris)).toEqual([
      {
        addressLine1: '9 Elm Street',
        addressLine2: null,
        city: 'Bangor',
        state: 'ME',
        zipcode: '044011234',
        isDefault: true,
        isMailing: true,
      },
    ]);
  });

  it('409 when the photo was replaced after it was read; a deleted photo is 404', async () => {
    await uploadPhoto(manager, margaret, Buffer.concat([PNG, Buffer.from('new')]));
    const stale = await manager.post('/api/patient/applyPhotoIdAnalysis', {
      patientId: margaret,
      parts: ['dob'],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^Read the details from the current photo ID first/);

    await manager.request('DELETE', `/api/patient/deletePhotoId?patientId=${margaret}`);
    const gone = await manager.post('/api/patient/applyPhotoIdAnalysis', {
      patientId: margaret,
      parts: ['dob'],
    });
    expect(gone.statusCode).toBe(404);
    const [row] = await database.db
      .select({ analysis: clients.photoIdAnalysis })
      .from(clients)
      .where(eq(clients.id, margaret));
    expect(row?.analysis).toBeNull();
  });

  it('keeps the second practice to itself: its owner reads and applies for their own client', async () => {
    await uploadPhoto(owner2, harriet);
    service.reply({ firstName: 'Harriet', lastName: 'Harbor', dob: '1970-01-02' });
    const read = await owner2.get(`/api/patient/analyzePhotoId?patientId=${harriet}`);
    expect(read.statusCode).toBe(200);
    expect(Object.keys(read.json().proposedChanges)).toEqual(['dob']);
    expect((await manager.get(`/api/patient/analyzePhotoId?patientId=${harriet}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await owner2.post('/api/patient/applyPhotoIdAnalysis', {
          patientId: harriet,
          parts: ['name', 'dob'],
        })
      ).json(),
    ).toEqual({ status: 'saved', applied: ['dob'] });
    const [audit] = await auditRows(harriet, 'client.photo_id_analysis_applied');
    const [practice2Row] = await database.db
      .select({ practiceId: auditLog.practiceId })
      .from(auditLog)
      .where(eq(auditLog.patientId, harriet))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ parts: ['dob'], fields: ['dob'] });
    expect(practice2Row?.practiceId).toBe(2);
  });
});

describe('without an analysis service (ID_ANALYSIS_URL unset)', () => {
  let t: TestApp;
  let admin: Browser;

  beforeAll(async () => {
    t = await testApp();
    admin = await signedIn(t.app, 'manager');
  });
  afterAll(() => t.close());

  it('says so, and the analysis answers 503 with the reason', async () => {
    expect((await admin.get('/api/patient/photoIdAnalysisStatus')).json()).toEqual({
      available: false,
      message: ID_ANALYSIS_NOT_SET_UP,
    });
    const margaretHere = (
      await t.database.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.firstName, 'Margaret'), eq(clients.lastName, 'Hamilton')))
    )[0]?.id;
    const response = await admin.get(`/api/patient/analyzePhotoId?patientId=${margaretHere}`);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'Photo ID analysis is not set up for this practice.',
    });
  });
});
