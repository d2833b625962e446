import { desc, eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clients,
  practiceDemographicSettings,
  practices,
} from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/** Issue 16 items 5 and 6: the practice's logo and its demographic settings. */

const storedLogos = (t: TestApp, practiceId: number): string[] => {
  try {
    return readdirSync(join(t.dataDir, 'files', 'practices', String(practiceId), 'logo')).sort();
  } catch {
    return [];
  }
};

const upload = (browser: Browser, kind: string, body: Buffer, type = 'image/png') =>
  browser.request('PUT', `/api/practice/logo/${kind}`, body, {
    headers: { 'content-type': type },
  });

const logoRow = async (t: TestApp, practiceId: number) =>
  (await t.database.db.select().from(practices).where(eq(practices.id, practiceId)))[0];

describe('the practice logo', () => {
  let t: TestApp;
  let manager: Browser;
  let therapist: Browser;
  let client: Browser;
  let owner2: Browser;

  beforeAll(async () => {
    t = await testApp();
    [manager, therapist, client, owner2] = await Promise.all([
      signedIn(t.app, 'manager'),
      signedIn(t.app, 'therapist1'),
      signedIn(t.app, 'client1'),
      signedIn(t.app, 'owner2'),
    ]);
  });
  afterAll(() => t.close());

  it('a JPEG banner is shrunk, re-encoded as PNG without its metadata, and shown to clients', async () => {
    const jpeg = await sharp({
      create: { width: 1800, height: 300, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Person', Copyright: 'hidden' } } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('Secret Person'))).toBe(true);
    const response = await upload(manager, 'banner', jpeg, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const { bannerUrl, iconUrl } = response.json().data;
    expect(bannerUrl).toMatch(/^\/api\/practice\/logo\/banner\/image\?v=\d+$/);
    expect(iconUrl).toBeNull();

    const image = await client.get(bannerUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const bytes = image.rawPayload;
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 100 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Person'))).toBe(false);

    const nav = (await client.get('/api/dashboard/main/navigation')).json();
    expect(nav.currentPractice).toMatchObject({ logoUrl: bannerUrl, logoIconUrl: null });
    const audit = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'practice.logo_uploaded'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit[0]?.detail).toMatchObject({ kind: 'banner' });
    // Another practice's people do not get this practice's logo.
    expect((await owner2.get(bannerUrl)).statusCode).toBe(404);
  });

  it.each([
    [
      'text called a PNG',
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'image/png',
      'Choose a PNG or JPEG image.',
    ],
    [
      'a PNG header on garbage',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(400, 7),
      ]),
      'image/png',
      'This image could not be read. Save it again as PNG or JPEG.',
    ],
    [
      'a JPEG header on garbage',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 1)]),
      'image/jpeg',
      'This image could not be read. Save it again as PNG or JPEG.',
    ],
    ['an empty body', Buffer.alloc(0), 'image/png', 'Choose a PNG or JPEG image.'],
  ])('refuses %s with 400 and stores nothing', async (_what, body, type, message) => {
    const filesBefore = storedLogos(t, 1);
    const rowBefore = await logoRow(t, 1);
    const response = await upload(manager, 'icon', body, type);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(storedLogos(t, 1)).toEqual(filesBefore);
    expect(await logoRow(t, 1)).toEqual(rowBefore);
  });

  it('refuses a file over 2 MB', async () => {
    const response = await upload(manager, 'icon', Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(response.statusCode).toBe(413);
  });

  it('only Settings users change it; replacing and removing leave no old file behind', async () => {
    const png = await sharp({
      create: { width: 512, height: 512, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect((await upload(therapist, 'icon', png)).statusCode).toBe(403);
    expect((await upload(client, 'icon', png)).statusCode).toBe(403);
    const first = await upload(manager, 'icon', png);
    expect(first.statusCode).toBe(200);
    const icon = await sharp((await client.get(first.json().data.iconUrl)).rawPayload).metadata();
    expect(icon).toMatchObject({ width: 256, height: 256, format: 'png' });
    expect(storedLogos(t, 1)).toHaveLength(2);
    const second = await upload(manager, 'icon', png);
    expect(second.json().data.iconUrl).not.toBe(first.json().data.iconUrl);
    expect(storedLogos(t, 1)).toHaveLength(2);

    expect((await therapist.request('DELETE', '/api/practice/logo/icon')).statusCode).toBe(403);
    const removed = await manager.request('DELETE', '/api/practice/logo/icon');
    expect(removed.json().data.iconUrl).toBeNull();
    expect(storedLogos(t, 1)).toHaveLength(1);
    expect((await client.get('/api/practice/logo/icon/image')).statusCode).toBe(404);
    expect((await owner2.get('/api/practice/logo')).json().data).toEqual({
      bannerUrl: null,
      iconUrl: null,
    });
  });
});

describe('demographic settings', () => {
  let t: TestApp;
  let manager: Browser;
  let therapist: Browser;
  let client: Browser;
  let owner2: Browser;
  let patientId: number;

  beforeAll(async () => {
    t = await testApp();
    [manager, therapist, client, owner2] = await Promise.all([
      signedIn(t.app, 'manager'),
      signedIn(t.app, 'therapist1'),
      signedIn(t.app, 'client1'),
      signedIn(t.app, 'owner2'),
    ]);
    const [row] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.firstName, 'Margaret'));
    patientId = row!.id;
  });
  afterAll(() => t.close());

  it('a manager adds a choice field and makes a field required; the profile and registration follow', async () => {
    const saved = await manager.post('/api/setting/savePracticeDemographicSetting', {
      settings: {
        custom_referralchannel: {
          label: 'How did you hear of us?',
          value: 'REQUIRED',
          type: 'choice',
          options: ['Friend', 'Doctor', 'Web'],
        },
        preferredLanguage: { value: 'REQUIRED' },
        education: { value: 'OFF' },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.custom_referralchannel).toEqual({
      label: 'How did you hear of us?',
      value: 'REQUIRED',
      type: 'choice',
      options: ['Friend', 'Doctor', 'Web'],
      custom: true,
    });
    // Custom fields come after the standard ones.
    expect(Object.keys(saved.json().data).at(-1)).toBe('custom_referralchannel');

    const enabled = (
      await client.get('/api/patientRegistration/listEnabledPatientDemographics')
    ).json().data;
    expect(
      enabled.find((f: { name: string }) => f.name === 'custom_referralchannel'),
    ).toMatchObject({
      required: true,
      type: 'choice',
    });
    expect(enabled.map((f: { name: string }) => f.name)).not.toContain('religion');

    const answer = (field: string, value: string) =>
      manager.post('/api/patient/updatePatientDemographic', {
        patientId,
        demographics: [{ field, value }],
      });
    const wrong = await answer('custom_referralchannel', 'Billboard');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('How did you hear of us?: choose one of the options.');
    expect((await answer('custom_referralchannel', 'Doctor')).json().demographics).toMatchObject({
      custom_referralchannel: 'Doctor',
    });
    const cleared = await answer('preferredLanguage', '');
    expect(cleared.json()).toMatchObject({ message: 'Preferred language is required.' });
  });

  it.each([
    [
      { custom_x: { label: 'Pick', value: 'ON', type: 'choice', options: ['Only'] } },
      'settings.custom_x.options',
      'Pick: A choice field needs at least two options.',
    ],
    [{ custom_y: { value: 'ON', type: 'text' } }, 'settings.custom_y.label', 'This is required.'],
    [
      { shoeSize: { label: 'Shoe', value: 'ON' } },
      'settings',
      "'shoeSize' is not a demographic field of this practice.",
    ],
    [
      { race: { value: 'ON', type: 'number' } },
      'settings.race.type',
      'Race is a standard field: its type cannot change.',
    ],
    [
      { custom_z: { label: 'race', value: 'ON', type: 'text' } },
      'settings.custom_z.label',
      'Another field is already called race.',
    ],
  ])(
    'refuses a bad map with the error’s own message and changes nothing (%#)',
    async (settings, field, message) => {
      const before = await t.database.db.select().from(practiceDemographicSettings);
      const response = await manager.post('/api/setting/savePracticeDemographicSetting', {
        settings,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
      expect(await t.database.db.select().from(practiceDemographicSettings)).toEqual(before);
    },
  );

  it('only managers change them, and each practice has its own', async () => {
    const body = { settings: { religion: { value: 'REQUIRED' } } };
    expect(
      (await therapist.post('/api/setting/savePracticeDemographicSetting', body)).statusCode,
    ).toBe(403);
    expect(
      (await client.post('/api/setting/savePracticeDemographicSetting', body)).statusCode,
    ).toBe(403);
    const theirs = (await owner2.get('/api/setting/getPracticeDemographicSetting')).json().data;
    expect(theirs.custom_referralchannel).toBeUndefined();
    expect(theirs.preferredLanguage.value).toBe('ON');
  });

  it('a practice without demo data starts with the standard fields', async () => {
    const [fresh] = await t.database.db.insert(practices).values({ name: 'Fresh' }).returning();
    const { loadDemographicSettings } = await import('../src/modules/practice/index.ts');
    const settings = await loadDemographicSettings(t.database.db, fresh!.id);
    expect(Object.keys(settings)).toHaveLength(7);
    expect(settings.race).toMatchObject({ value: 'ON', type: 'text', custom: false });
  });
});
