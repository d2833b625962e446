import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientInsurances,
  clients,
  practiceSettings,
  users,
} from '../src/db/schema/index.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Upload and read links (issue 13, finding 11): single-use uploads, 15
 * minutes of life, a client's (or a stranger's) upload kept as a version
 * that staff accept or reject, every use audited with the user the link
 * was issued to and whether a session came with it, and no token in the log.
 */

let t: TestApp;
const logLines: string[] = [];
const tokens: string[] = [];
let manager: Browser;
let client1: Browser;
let ids: { manager: number; client1: number };
let margaret: number;
let chris: number;

const png = (text: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(text)]);

const put = (browser: Browser, url: string, body: Buffer) => {
  tokens.push(url.split('/').at(-1) ?? '');
  return browser.request('PUT', url, body, { headers: { 'content-type': 'image/png' } });
};
const read = (browser: Browser, url: string) => {
  tokens.push(url.split('/').at(-1) ?? '');
  return browser.get(url);
};

const photoLink = async (patientId: number) => {
  const response = await manager.get(`/api/patient/getPhotoIdUploadUrl?patientId=${patientId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string; key: string }>();
};
const profilePhotoUrl = async (patientId: number) =>
  (await manager.get(`/api/patient/getProfile?patientId=${patientId}&include=photoIdS3Url`)).json<{
    photoIdS3Url: string | null;
  }>().photoIdS3Url;
const photoKeyOf = async (patientId: number) =>
  (
    await t.database.db
      .select({ key: clients.photoIdKey })
      .from(clients)
      .where(eq(clients.id, patientId))
  )[0]?.key ?? null;
const lastAudit = async (patientId: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.patientId, patientId))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];
const stored = (key: string) => readFileSync(join(t.dataDir, 'files', key));
const anonymous = async () => {
  const browser = new Browser(t.app);
  await browser.refreshCsrf();
  return browser;
};

beforeAll(async () => {
  t = await testApp({ logStream: { write: (line) => void logLines.push(line) } });
  [manager, client1] = await Promise.all([signedIn(t.app, 'manager'), signedIn(t.app, 'client1')]);
  const people = await t.database.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.username} in ('manager', 'client1')`);
  const idOf = (name: string) => people.find((p) => p.username === name)?.id ?? 0;
  ids = { manager: idOf('manager'), client1: idOf('client1') };
  const [m] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, 'Margaret'), eq(clients.lastName, 'Hamilton')));
  margaret = m?.id ?? 0;
  const [c] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.portalUserId, ids.client1));
  chris = c?.id ?? 0;
});
afterAll(() => t.close());

describe('upload links are single-use and live 15 minutes', () => {
  it('a second upload through one link answers 410 and leaves the first file', async () => {
    const { url, key } = await photoLink(margaret);
    expect((await put(manager, url, png('first'))).statusCode).toBe(200);
    const again = await put(manager, url, png('second'));
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      message: 'This upload link has already been used. Ask for a new link to upload another file.',
    });
    expect(stored(key).equals(png('first'))).toBe(true);
    expect(await photoKeyOf(margaret)).toBe(key);
  });

  it('a link used after 15 minutes answers 410 and says it expired', async () => {
    const late = await photoLink(margaret);
    const inTime = await photoLink(margaret);
    t.clock.advance(14 * 60_000);
    expect((await put(manager, inTime.url, png('in time'))).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const response = await put(manager, late.url, png('too late'));
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      message: 'This file link has expired (links last 15 minutes). Ask for a new one.',
    });
    expect(existsSync(join(t.dataDir, 'files', late.key))).toBe(false);
    expect(await photoKeyOf(margaret)).toBe(inTime.key);
  });

  it('names the staff user it was issued to, signed in, on the audit row', async () => {
    const { url } = await photoLink(margaret);
    await put(manager, url, png('by the manager'));
    expect(await lastAudit(margaret)).toMatchObject({
      action: 'client.photo_id_changed',
      practiceId: 1,
      actorUserId: ids.manager,
      detail: {
        issuedTo: ids.manager,
        issuedAs: 'staff',
        session: true,
        sessionUserId: ids.manager,
        change: 'replaced',
      },
    });
  });
});

describe("a client's upload is a version staff accept or reject", () => {
  it('the portal client uploads; the profile keeps the old photo until staff accept', async () => {
    const before = await photoLink(chris);
    await put(manager, before.url, png('old photo'));

    const link = await client1.get('/api/myProfile/getPhotoIdUploadUrl');
    expect(link.statusCode, link.body).toBe(200);
    const { url, key } = link.json<{ url: string; key: string }>();
    const uploaded = await put(client1, url, png('from the client'));
    expect(uploaded.json()).toEqual({ status: 'pending', key });
    expect(await lastAudit(chris)).toMatchObject({
      action: 'client.photo_id_version_received',
      practiceId: 1,
      actorUserId: ids.client1,
      detail: { issuedTo: ids.client1, issuedAs: 'client', session: true },
    });

    // The profile still shows the old photo.
    expect(await photoKeyOf(chris)).toBe(before.key);
    const current = await read(manager, (await profilePhotoUrl(chris)) ?? '');
    expect(current.rawPayload.equals(png('old photo'))).toBe(true);

    const pending = (await manager.get(`/api/patient/getPhotoIdVersion?patientId=${chris}`)).json<{
      version: { versionId: number; origin: string; url: string };
    }>().version;
    expect(pending.origin).toBe('client');
    expect((await read(manager, pending.url)).rawPayload.equals(png('from the client'))).toBe(true);

    const accepted = await manager.post('/api/patient/acceptPhotoIdVersion', {
      patientId: chris,
      versionId: pending.versionId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await photoKeyOf(chris)).toBe(key);
    expect(existsSync(join(t.dataDir, 'files', before.key))).toBe(false);
    const now = await read(manager, (await profilePhotoUrl(chris)) ?? '');
    expect(now.rawPayload.equals(png('from the client'))).toBe(true);
    expect(await lastAudit(chris)).toMatchObject({
      action: 'client.photo_id_read',
      actorUserId: ids.manager,
    });
    expect((await manager.get(`/api/patient/getPhotoIdVersion?patientId=${chris}`)).json()).toEqual(
      { version: null },
    );
  });

  it('a staff link used without its session is a version too; reject removes it', async () => {
    const keptKey = await photoKeyOf(margaret);
    const { url, key } = await photoLink(margaret);
    const stranger = await anonymous();
    const uploaded = await put(stranger, url, png('from a stranger'));
    expect(uploaded.json()).toEqual({ status: 'pending', key });
    expect(await lastAudit(margaret)).toMatchObject({
      action: 'client.photo_id_version_received',
      practiceId: 1,
      actorUserId: ids.manager,
      detail: { issuedTo: ids.manager, issuedAs: 'staff', session: false },
    });
    expect(await photoKeyOf(margaret)).toBe(keptKey);

    const version = (
      await manager.get(`/api/patient/getPhotoIdVersion?patientId=${margaret}`)
    ).json<{ version: { versionId: number; origin: string } }>().version;
    expect(version.origin).toBe('link');
    const rejected = await manager.post('/api/patient/rejectPhotoIdVersion', {
      patientId: margaret,
      versionId: version.versionId,
    });
    expect(rejected.statusCode).toBe(200);
    expect(existsSync(join(t.dataDir, 'files', key))).toBe(false);
    expect(await photoKeyOf(margaret)).toBe(keptKey);
    expect(await lastAudit(margaret)).toMatchObject({
      action: 'client.photo_id_version_rejected',
      actorUserId: ids.manager,
    });
    // Decided once: a second decision finds nothing waiting.
    expect(
      (
        await manager.post('/api/patient/acceptPhotoIdVersion', {
          patientId: margaret,
          versionId: version.versionId,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('another practice cannot see or decide on the version', async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    expect((await owner2.get(`/api/patient/getPhotoIdVersion?patientId=${chris}`)).statusCode).toBe(
      404,
    );
  });
});

describe('insurance card uploads', () => {
  it("a card uploaded through someone else's session waits for staff", async () => {
    const [row] = await t.database.db
      .select({ features: practiceSettings.features })
      .from(practiceSettings)
      .where(eq(practiceSettings.practiceId, 1));
    await t.database.db
      .update(practiceSettings)
      .set({ features: { ...(row?.features ?? {}), insurance: true } as never })
      .where(eq(practiceSettings.practiceId, 1));
    const [policy] = await t.database.db
      .select({ id: clientInsurances.id, clientId: clientInsurances.clientId })
      .from(clientInsurances)
      .innerJoin(clients, eq(clients.id, clientInsurances.clientId))
      .where(and(eq(clients.practiceId, 1), isNotNull(clientInsurances.id)))
      .limit(1);
    if (!policy) throw new Error('no policy in the demo practice');
    const signed = await manager.get(
      `/api/patientInsurance/getInsuranceCardUploadUrl?userInsuranceId=${policy.id}`,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, getUrl, key } = signed.json<{ url: string; getUrl: string; key: string }>();
    const uploaded = await put(await anonymous(), url, png('a card'));
    expect(uploaded.json()).toEqual({ status: 'pending', key });
    expect(await lastAudit(policy.clientId)).toMatchObject({
      action: 'client.insurance_card_version_received',
      actorUserId: ids.manager,
      detail: { insuranceId: policy.id, session: false },
    });

    // The read address names whom it was issued to: opened without a session, it is audited to them.
    const opened = await read(await anonymous(), getUrl);
    expect(opened.statusCode).toBe(200);
    expect(await lastAudit(policy.clientId)).toMatchObject({
      action: 'client.insurance_card_read',
      practiceId: 1,
      actorUserId: ids.manager,
      detail: { issuedTo: ids.manager, session: false },
    });

    const versions = (
      await manager.get(
        `/api/patientInsurance/getInsuranceCardVersions?patientId=${policy.clientId}`,
      )
    ).json<{ data: { versionId: number; insuranceId: number }[] }>().data;
    expect(versions).toMatchObject([{ insuranceId: policy.id }]);
    const accepted = await manager.post('/api/patientInsurance/acceptInsuranceCardVersion', {
      patientId: policy.clientId,
      versionId: versions[0]?.versionId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [after] = await t.database.db
      .select({ key: clientInsurances.cardPhotoKey })
      .from(clientInsurances)
      .where(eq(clientInsurances.id, policy.id));
    expect(after?.key).toBe(key);
  });
});

describe('read links', () => {
  it('a profile read link is usable again within its life, each read audited', async () => {
    const url = (await profilePhotoUrl(margaret)) ?? '';
    expect((await read(manager, url)).statusCode).toBe(200);
    expect((await read(manager, url)).statusCode).toBe(200);
    expect(await lastAudit(margaret)).toMatchObject({
      action: 'client.photo_id_read',
      actorUserId: ids.manager,
      detail: { session: true, sessionUserId: ids.manager },
    });
  });

  it('a read link that names no issuer needs a session', async () => {
    const url = (await profilePhotoUrl(margaret)) ?? '';
    const response = await read(await anonymous(), url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Sign in to open this file.' });
  });
});

describe('the log', () => {
  it('never holds a storage token at info level', () => {
    expect(tokens.length).toBeGreaterThan(5);
    expect(logLines.some((line) => line.includes('/api/storage/upload/:token'))).toBe(true);
    for (const token of tokens) {
      expect(token.length).toBeGreaterThan(40);
      const leaked = logLines.filter((line) => line.includes(token.slice(0, 40)));
      expect(leaked).toEqual([]);
    }
  });
});
