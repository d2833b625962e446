import { CLAIM_SETUP_MESSAGES, npi } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { NOT_WHILE_IMPERSONATING } from '../src/platform/impersonation.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Claim set-up (issue 20 item 1): the billing role reads and saves the billing provider, the
 * therapists' rendering and supervising providers, the clearinghouse account and the payer
 * enrolments; every value is checked before anything is written (400 naming the field); the
 * clearinghouse secret is kept sealed and never answered, audited or logged; a practice sees
 * and changes only its own.
 */

const SECRET = 'ch-secret-Zx81QpLm77';
const URL_PATH = '/api/claims/setup';
let t: TestApp;
let biller: Browser;
let therapist: Browser;
let otherOwner: Browser;
const logLines: string[] = [];

type Setup = {
  configured: boolean;
  billingProvider: Record<string, unknown> & { npi: string; address: Record<string, unknown> };
  clearinghouse: { kind: string; hasSecret: boolean; endpointUrl: string | null };
  providers: {
    therapistId: number;
    npi: string;
    taxonomy: string;
    supervisingTherapistId: number | null;
  }[];
  payers: { practiceInsuranceId: number; claimsEnrolled: boolean; eraEnrolled: boolean }[];
};

async function read(browser: Browser): Promise<Setup> {
  const answer = await browser.get(URL_PATH);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Setup }>().data;
}

/** A save body from what the page read, with changes. */
function bodyOf(setup: Setup, change: Record<string, unknown> = {}) {
  return {
    billingProvider: setup.billingProvider,
    clearinghouse: { kind: 'local' },
    providers: setup.providers.map(({ therapistId, npi: n, taxonomy, supervisingTherapistId }) => ({
      therapistId,
      npi: n,
      taxonomy,
      supervisingTherapistId,
    })),
    payers: setup.payers.map(({ practiceInsuranceId, claimsEnrolled, eraEnrolled }) => ({
      practiceInsuranceId,
      claimsEnrolled,
      eraEnrolled,
    })),
    ...change,
  };
}

const put = (browser: Browser, body: unknown) => browser.request('PUT', URL_PATH, body);

beforeAll(async () => {
  t = await testApp({ logLevel: 'trace', logStream: { write: (line) => logLines.push(line) } });
  biller = await signedIn(t.app, 'biller');
  therapist = await signedIn(t.app, 'therapist2');
  otherOwner = await signedIn(t.app, 'owner2');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the demo practice', () => {
  it('is set up for claims on the local clearinghouse', async () => {
    const setup = await read(biller);
    expect(setup.configured).toBe(true);
    expect(npi(setup.billingProvider.npi)).toBe(true);
    expect(setup.billingProvider).toMatchObject({ entityKind: 'organisation', tinKind: 'ein' });
    expect(setup.clearinghouse).toMatchObject({ kind: 'local', hasSecret: false });
    expect(setup.providers.length).toBeGreaterThan(0);
    for (const p of setup.providers) expect(npi(p.npi) && p.npi !== '').toBe(true);
    expect(setup.payers.length).toBeGreaterThan(0);
    // Every payer sends ERAs; two take claims only on paper (the print lists' demo claims).
    for (const p of setup.payers) expect(p).toMatchObject({ eraEnrolled: true });
    expect(setup.payers.some((p) => p.claimsEnrolled)).toBe(true);
    expect(setup.payers.some((p) => !p.claimsEnrolled)).toBe(true);
  });
});

describe('who may', () => {
  it('refuses a therapist without the billing role, reading or saving', async () => {
    const setup = await read(biller);
    expect((await therapist.get(URL_PATH)).statusCode).toBe(403);
    expect((await put(therapist, bodyOf(setup))).statusCode).toBe(403);
  });

  it('refuses a save by support staff acting as a biller, who may still read it', async () => {
    const support = await signedIn(t.app, 'support');
    const [user] = await rowsOf<{ id: number; practiceId: number }>(
      t.database.db,
      sql`select id, practice_id as "practiceId" from users where username = 'biller'`,
    );
    const started = await support.post('/api/system/impersonateUser/default', {
      user_id: user?.id,
      practice_id: user?.practiceId,
      reason: 'Helping with the claim set-up',
    });
    expect(started.statusCode, started.body).toBe(200);
    const setup = await read(support);
    const answer = await put(support, bodyOf(setup));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ message: NOT_WHILE_IMPERSONATING });
  });

  it('refuses a save without the CSRF token', async () => {
    const setup = await read(biller);
    const answer = await biller.request('PUT', URL_PATH, bodyOf(setup), { csrf: false });
    expect(answer.statusCode).toBe(403);
  });

  it('shows another practice only its own set-up, prefilled before its first save', async () => {
    const other = await read(otherOwner);
    expect(other.configured).toBe(false);
    expect(other.clearinghouse.kind).toBe('local');
    const mine = await read(biller);
    const theirIds = new Set(other.providers.map((p) => p.therapistId));
    expect(mine.providers.some((p) => theirIds.has(p.therapistId))).toBe(false);
  });

  it('refuses another practice’s therapist or payer, by field, changing nothing', async () => {
    const mine = await read(biller);
    const other = await read(otherOwner);
    const theirTherapist = other.providers[0];
    expect(theirTherapist).toBeDefined();
    const [theirPayer] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select i.id from practice_insurances i join users u on u.practice_id = i.practice_id
          where u.username = 'owner2' limit 1`,
    );
    const aTherapist = await put(
      biller,
      bodyOf(mine, {
        providers: [{ therapistId: theirTherapist?.therapistId, npi: '', taxonomy: '' }],
      }),
    );
    expect(aTherapist.statusCode).toBe(400);
    expect(aTherapist.json()).toMatchObject({ field: 'providers.0.therapistId' });
    if (theirPayer) {
      const aPayer = await put(
        biller,
        bodyOf(mine, {
          payers: [{ practiceInsuranceId: theirPayer.id, claimsEnrolled: true, eraEnrolled: true }],
        }),
      );
      expect(aPayer.statusCode).toBe(400);
      expect(aPayer.json()).toMatchObject({ field: 'payers.0.practiceInsuranceId' });
    }
    expect(await read(otherOwner)).toEqual(other);
  });
});

describe('validation', () => {
  const refused = async (change: (setup: Setup) => Record<string, unknown>) => {
    const before = await read(biller);
    const answer = await put(biller, bodyOf(before, change(before)));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(await read(biller)).toEqual(before);
    return answer.json<{ message: string; field?: string }>();
  };

  it('refuses an NPI with a wrong check digit', async () => {
    const answer = await refused((s) => ({
      billingProvider: { ...s.billingProvider, npi: '1234567890' },
    }));
    expect(answer).toMatchObject({
      field: 'billingProvider.npi',
      message: CLAIM_SETUP_MESSAGES.npiInvalid,
    });
  });

  it('refuses a PO box as the physical address, and a 5-digit ZIP', async () => {
    const poBox = await refused((s) => ({
      billingProvider: {
        ...s.billingProvider,
        address: { ...s.billingProvider.address, line1: 'P.O. Box 77' },
      },
    }));
    expect(poBox).toMatchObject({
      field: 'billingProvider.address.line1',
      message: CLAIM_SETUP_MESSAGES.addressPoBox,
    });
    const zip = await refused((s) => ({
      billingProvider: {
        ...s.billingProvider,
        address: { ...s.billingProvider.address, zip: '04101' },
      },
    }));
    expect(zip).toMatchObject({ field: 'billingProvider.address.zip' });
  });

  it('refuses an organisation with an SSN, and a bad taxonomy', async () => {
    expect(
      await refused((s) => ({
        billingProvider: { ...s.billingProvider, tinKind: 'ssn', tin: '123-45-6789' },
      })),
    ).toMatchObject({
      field: 'billingProvider.tin',
      message: CLAIM_SETUP_MESSAGES.organisationSsn,
    });
    expect(
      await refused((s) => ({ billingProvider: { ...s.billingProvider, taxonomy: '101YP2500' } })),
    ).toMatchObject({ field: 'billingProvider.taxonomy' });
  });

  it('refuses a bad rendering NPI after a valid billing provider, writing none of it', async () => {
    const answer = await refused((s) => ({
      billingProvider: { ...s.billingProvider, organisationName: 'Renamed Group' },
      providers: bodyOf(s).providers.map((p, i) => (i === 1 ? { ...p, npi: '1528461036' } : p)),
    }));
    expect(answer).toMatchObject({
      field: 'providers.1.npi',
      message: CLAIM_SETUP_MESSAGES.renderingNpiInvalid,
    });
  });

  it('refuses a clearinghouse that is not https, or on a private address', async () => {
    const account = (endpointUrl: string) => ({
      clearinghouse: {
        kind: 'https',
        endpointUrl,
        submitterId: 'RIVERBEND01',
        username: 'rb',
        secret: SECRET,
      },
    });
    for (const url of [
      'http://edi.example.com/x12',
      'https://127.0.0.1/x12',
      'https://10.1.2.3/',
      'https://localhost/',
    ]) {
      expect(await refused(() => account(url))).toMatchObject({
        field: 'clearinghouse.endpointUrl',
      });
    }
    expect(
      await refused(() => ({
        clearinghouse: { ...account('https://edi.example.com').clearinghouse, secret: '' },
      })),
    ).toMatchObject({ field: 'clearinghouse.secret', message: CLAIM_SETUP_MESSAGES.secretMissing });
  });

  it('answers a malformed body with 400, never 500', async () => {
    const answer = await put(biller, { billingProvider: { entityKind: 'robot' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ field?: string }>().field).toBeDefined();
  });
});

describe('saving', () => {
  it('keeps a PO box as the pay-to address, enrolments and a supervisor', async () => {
    const before = await read(biller);
    const [first, second] = before.providers;
    if (!first || !second) throw new Error('the demo has at least two therapists');
    const answer = await put(
      biller,
      bodyOf(before, {
        billingProvider: {
          ...before.billingProvider,
          payTo: { line1: 'PO Box 99', line2: null, city: 'Portland', state: 'ME', zip: '04112' },
        },
        providers: [
          {
            therapistId: first.therapistId,
            npi: first.npi,
            taxonomy: '103t00000x',
            supervisingTherapistId: null,
          },
          {
            therapistId: second.therapistId,
            npi: second.npi,
            taxonomy: '',
            supervisingTherapistId: first.therapistId,
          },
        ],
        payers: before.payers.map((p, i) => ({
          practiceInsuranceId: p.practiceInsuranceId,
          claimsEnrolled: i !== 0,
          eraEnrolled: false,
        })),
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const after = await read(biller);
    expect(after.billingProvider.payTo).toMatchObject({ line1: 'PO Box 99', zip: '04112' });
    expect(after.providers.find((p) => p.therapistId === first.therapistId)?.taxonomy).toBe(
      '103T00000X',
    );
    expect(after.providers.find((p) => p.therapistId === second.therapistId)).toMatchObject({
      supervisingTherapistId: first.therapistId,
    });
    expect(after.payers[0]).toMatchObject({ claimsEnrolled: false, eraEnrolled: false });
  });

  it('keeps the clearinghouse secret sealed, never answered, audited or logged', async () => {
    const before = await read(biller);
    const https = {
      kind: 'https',
      endpointUrl: 'https://edi.example.com/x12',
      submitterId: 'riverbend01',
      username: 'riverbend',
    };
    const answer = await put(
      biller,
      bodyOf(before, { clearinghouse: { ...https, secret: SECRET } }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).not.toContain(SECRET);
    expect(answer.json<{ data: Setup }>().data.clearinghouse).toMatchObject({
      kind: 'https',
      hasSecret: true,
      submitterId: 'RIVERBEND01',
    });
    const [row] = await rowsOf<{ sealed: string }>(
      t.database.db,
      sql`select clearinghouse_secret_sealed as sealed from claim_setups s
          join users u on u.practice_id = s.practice_id where u.username = 'biller'`,
    );
    expect(row?.sealed).toMatch(/^v1\./);
    expect(row?.sealed).not.toContain(SECRET);
    const audits = await rowsOf<{ detail: unknown }>(
      t.database.db,
      sql`select detail from audit_log where action = 'claims.setup_saved'`,
    );
    expect(audits.length).toBeGreaterThan(0);
    const audited = JSON.stringify(audits);
    expect(audited).not.toContain(SECRET);
    expect(audited).not.toContain(String(before.billingProvider.tin));
    expect(audited).toContain('"secretChanged":true');
    expect(logLines.join('\n')).not.toContain(SECRET);

    // Saved again without the secret: kept while the endpoint and username stay.
    const again = await put(biller, bodyOf(before, { clearinghouse: https }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: Setup }>().data.clearinghouse.hasSecret).toBe(true);
    // A new endpoint needs the secret again, so it is never sent where nobody meant it to go.
    const moved = await put(
      biller,
      bodyOf(before, {
        clearinghouse: { ...https, endpointUrl: 'https://elsewhere.example.net/' },
      }),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      field: 'clearinghouse.secret',
      message: CLAIM_SETUP_MESSAGES.secretAgain,
    });
  });

  it('goes back to the local clearinghouse, forgetting the account', async () => {
    const before = await read(biller);
    const answer = await put(biller, bodyOf(before, { clearinghouse: { kind: 'local' } }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ data: Setup }>().data.clearinghouse).toEqual({
      kind: 'local',
      endpointUrl: null,
      submitterId: null,
      username: null,
      hasSecret: false,
    });
  });
});
