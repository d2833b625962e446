import { CLIENT_FORBIDDEN } from '../src/platform/client-gate.ts';
import { and, desc, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

let t: TestApp;
let manager: Browser;
let therapist2: Browser;
let margaret: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR not really an image, but a PNG by its signature'),
]);

const putFile = (browser: Browser, url: string, body: Buffer | string, contentType: string) =>
  browser.request('PUT', url, body, { headers: { 'content-type': contentType } });

const lastAudit = async (patientId: number) =>
  (
    await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail, practiceId: auditLog.practiceId })
      .from(auditLog)
      .where(eq(auditLog.patientId, patientId))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

beforeAll(async () => {
  t = await testApp();
  [manager, therapist2] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'therapist2'),
  ]);
  const [row] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, 'Margaret'), eq(clients.lastName, 'Hamilton')));
  margaret = row?.id ?? 0;
});
afterAll(() => t.close());

describe('photo ID', () => {
  let key: string;

  it('uploads a PNG to a signed address and shows it on the profile', async () => {
    const signed = await manager.get(`/api/patient/getPhotoIdUploadUrl?patientId=${margaret}`);
    expect(signed.statusCode).toBe(200);
    const { url } = signed.json<{ url: string; key: string }>();
    key = signed.json().key;
    expect(url).toMatch(/^\/api\/storage\/upload\/[\w-]+\.[\w-]+$/);
    expect(key).toMatch(new RegExp(`^clients/1/${margaret}/photo-id-[\\w-]+\\.png$`));

    const uploaded = await putFile(manager, url, PNG, 'image/png');
    expect(uploaded.statusCode).toBe(200);
    expect(existsSync(join(t.dataDir, 'files', key))).toBe(true);
    expect(await lastAudit(margaret)).toMatchObject({
      action: 'client.photo_id_changed',
      practiceId: 1,
    });

    const profile = (
      await manager.get(`/api/patient/getProfile?patientId=${margaret}&include=photoIdS3Url`)
    ).json();
    expect(profile.photoIdS3Url).toMatch(/^\/api\/storage\/file\//);
    const file = await manager.get(profile.photoIdS3Url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await lastAudit(margaret))?.action).toBe('client.photo_id_read');
  });

  it('refuses anything but a PNG', async () => {
    const { url } = (
      await manager.get(`/api/patient/getPhotoIdUploadUrl?patientId=${margaret}`)
    ).json();
    const text = await putFile(manager, url, 'hello', 'text/plain');
    expect(text.statusCode).toBe(415);
    const pretend = await putFile(manager, url, Buffer.from('GIF89a...'), 'image/png');
    expect(pretend.statusCode).toBe(400);
  });

  it('refuses more than 5 MB', async () => {
    const { url } = (
      await manager.get(`/api/patient/getPhotoIdUploadUrl?patientId=${margaret}`)
    ).json();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await putFile(manager, url, big, 'image/png')).statusCode).toBe(413);
  });

  it('403 for a forged signature or a read address used to upload; 410 once expired', async () => {
    const { url } = (
      await manager.get(`/api/patient/getPhotoIdUploadUrl?patientId=${margaret}`)
    ).json<{ url: string }>();
    const [payload, signature] = url.replace('/api/storage/upload/', '').split('.');
    const grant = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...grant, key: 'clients/2/1/photo-id-x.png' }),
    ).toString('base64url');
    const forged = await putFile(
      manager,
      `/api/storage/upload/${forgedPayload}.${signature}`,
      PNG,
      'image/png',
    );
    expect(forged.statusCode).toBe(403);

    const profile = (
      await manager.get(`/api/patient/getProfile?patientId=${margaret}&include=photoIdS3Url`)
    ).json();
    const readToken = profile.photoIdS3Url.replace('/api/storage/file/', '');
    expect(
      (await putFile(manager, `/api/storage/upload/${readToken}`, PNG, 'image/png')).statusCode,
    ).toBe(403);

    // Signed addresses live 15 minutes (issue 13, finding 11).
    t.clock.advance(16 * 60_000);
    expect((await putFile(manager, url, PNG, 'image/png')).statusCode).toBe(410);
    expect((await manager.get(profile.photoIdS3Url)).statusCode).toBe(410);
    expect((await manager.get('/api/storage/file/not-a-token')).statusCode).toBe(400);
  });

  it('403 for a therapist who does not treat the client', async () => {
    expect(
      (await therapist2.get(`/api/patient/getPhotoIdUploadUrl?patientId=${margaret}`)).statusCode,
    ).toBe(403);
  });

  it('deletes the photo and its file', async () => {
    const response = await manager.request(
      'DELETE',
      `/api/patient/deletePhotoId?patientId=${margaret}`,
    );
    expect(response.json()).toEqual({ status: 'saved', photoIdS3Url: null });
    expect(existsSync(join(t.dataDir, 'files', key))).toBe(false);
    expect(
      (await manager.request('DELETE', `/api/patient/deletePhotoId?patientId=${margaret}`)).json(),
    ).toEqual({ status: 'unchanged' });
  });
});

describe('GET /api/patient/getFaceSheetPdf', () => {
  it('returns an inline PDF and audits the read', async () => {
    await manager.post('/api/patientChartDiagnosis/updateClinicalInformation', {
      patientId: margaret,
      diagnosisCode: ['F41.1'],
    });
    await manager.post('/api/patient/updateUserDetails', {
      patientId: margaret,
      employer: 'Zoë’s Café — “Portland”',
    });
    const response = await manager.get(`/api/patient/getFaceSheetPdf?patientId=${margaret}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="face-sheet-C000001002.pdf"',
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await lastAudit(margaret)).toEqual({
      action: 'client.face_sheet_read',
      practiceId: 1,
      detail: { kind: 'print', route: 'GET /api/patient/getFaceSheetPdf' },
    });
  });

  it('403 for a therapist who does not treat the client, audited as a refusal', async () => {
    expect(
      (await therapist2.get(`/api/patient/getFaceSheetPdf?patientId=${margaret}`)).statusCode,
    ).toBe(403);
    expect(await lastAudit(margaret)).toMatchObject({
      action: 'client.denied',
      detail: {
        kind: 'denied',
        route: 'GET /api/patient/getFaceSheetPdf',
        status: 403,
        reason: CLIENT_FORBIDDEN,
      },
    });
  });
});
