import { CLIENT_FORBIDDEN } from '../src/platform/client-gate.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Issue 13 finding 2 for the rest of the clients area (clinical information,
 * contact details, forms, groups, the referral fax, demographic settings):
 * the gate, the change and its audit row are one transaction, so a change
 * whose audit row cannot be written is not kept; a refusal is audited as
 * `client.denied` with its reason.
 */

let t: TestApp;
let manager: Browser;
let therapist2: Browser;
let margaret: number;
let groupId: number;

const one = async (query: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;

/** What a table holds for a query, to compare before and after. */
const snapshot = (query: ReturnType<typeof sql>) =>
  rowsOf<Record<string, unknown>>(t.app.db, query);

beforeAll(async () => {
  t = await testApp();
  [manager, therapist2] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'therapist2'),
  ]);
  margaret = await one(
    sql`select id from clients where first_name = 'Margaret' and last_name = 'Hamilton'`,
  );
  groupId = await one(
    sql`select id from clients where is_group and first_name || ' ' || last_name = 'Tuesday Anxiety Group'`,
  );
  // Margaret starts outside the group, so adding her is a change.
  await t.app.db.execute(sql`delete from client_group_members where client_id = ${margaret}`);
  const grant = await one(sql`select id from practice_contacts where name = 'Dr. Alan Grant'`);
  const saved = await manager.post('/api/patientReferralSource/save', {
    patientId: margaret,
    contactId: grant,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

/** One change route of each migrated file: its action, a call, and the data it would change. */
type ChangeRoute = {
  file: string;
  action: string;
  url: string;
  body: () => Record<string, unknown>;
  data: () => ReturnType<typeof sql>;
};

const changeRoutes: ChangeRoute[] = [
  {
    file: 'clinical-routes.ts',
    action: 'client.clinical_changed',
    url: '/api/patientChartDiagnosis/updateClinicalInformation',
    body: () => ({ patientId: margaret, diagnosisCode: ['F41.1'], illnessOnsetDate: '2025-10-01' }),
    data: () =>
      sql`select (select json_agg(code order by position) from client_diagnoses where client_id = ${margaret}) as codes,
                 illness_onset_date, updated_at from clients where id = ${margaret}`,
  },
  {
    file: 'contact-details-routes.ts',
    action: 'client.phone_changed',
    url: '/api/patient/savePhone',
    body: () => ({ patientId: margaret, contact: '(207) 555-0188', isDefault: true }),
    data: () =>
      sql`select id, number, is_default from client_phones where client_id = ${margaret} order by id`,
  },
  {
    file: 'forms-routes.ts',
    action: 'client.forms_assigned',
    url: '/api/patient/autoAssignForms',
    body: () => ({ patientId: margaret }),
    data: () =>
      sql`select form_definition_id, status from client_form_assignments where client_id = ${margaret} order by id`,
  },
  {
    file: 'groups-routes.ts',
    action: 'client.group_membership_changed',
    url: '/api/patientGroup/addToGroup',
    body: () => ({ patientId: margaret, groupId, referenceDate: '2026-02-03' }),
    data: () =>
      sql`select group_client_id, joined_on, left_on from client_group_members where client_id = ${margaret}`,
  },
  {
    file: 'referral-fax-routes.ts',
    action: 'client.referral_fax_sent',
    url: '/api/patientReferralSource/sendFax',
    body: () => ({ patientId: margaret, subject: 'Referral acknowledgement', body: 'Thank you.' }),
    data: () => sql`select id, status from outbound_faxes where client_id = ${margaret}`,
  },
];

describe('a change and its audit row are one transaction', () => {
  /** Makes the audit insert fail for one action, as a crash between the two would have. */
  async function failAuditOf(action: string): Promise<void> {
    await t.app.db.execute(
      sql.raw(`create or replace function test_fail_audit() returns trigger as $$
        begin raise exception 'audit refused for %', new.action; end $$ language plpgsql`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger test_fail_audit before insert on audit_log for each row
        when (new.action = '${action}') execute function test_fail_audit()`),
    );
  }
  afterEach(async () => {
    await t.app.db.execute(sql`drop trigger if exists test_fail_audit on audit_log`);
  });

  it.each(changeRoutes)(
    '$file: when its $action row fails, the route fails and the client is unchanged',
    async ({ action, url, body, data }) => {
      const before = await snapshot(data());
      await failAuditOf(action);
      const response = await manager.post(url, body());
      expect(response.statusCode).toBe(500);
      expect(await snapshot(data())).toEqual(before);
    },
  );

  it.each(changeRoutes)(
    '$file: without the trigger the same change is kept, with its $action row',
    async ({ action, url, body, data }) => {
      const before = await snapshot(data());
      const response = await manager.post(url, body());
      expect(response.statusCode).toBe(200);
      expect(await snapshot(data())).not.toEqual(before);
      const [row] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.patientId, margaret)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row?.detail).toMatchObject({ kind: 'change', route: `POST ${url}` });
    },
  );

  it('demographic-settings-routes.ts: when its row fails, the practice setting is unchanged', async () => {
    const data = () =>
      snapshot(
        sql`select name, label, value from practice_demographic_settings where practice_id = 1 order by name`,
      );
    const before = await data();
    const settings = { religion: { label: 'Faith', value: 'ON' } };
    await failAuditOf('practice.demographic_settings_changed');
    const failed = await manager.post('/api/setting/savePracticeDemographicSetting', { settings });
    expect(failed.statusCode).toBe(500);
    expect(await data()).toEqual(before);

    await t.app.db.execute(sql`drop trigger if exists test_fail_audit on audit_log`);
    const saved = await manager.post('/api/setting/savePracticeDemographicSetting', { settings });
    expect(saved.statusCode).toBe(200);
    expect(await data()).not.toEqual(before);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'practice.demographic_settings_changed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      practiceId: 1,
      patientId: null,
      detail: {
        kind: 'change',
        route: 'POST /api/setting/savePracticeDemographicSetting',
        religion: { from: 'OFF', to: 'ON' },
      },
    });
  });
});

describe('a refusal is audited with its reason', () => {
  it.each(changeRoutes)(
    '$file: a therapist who does not treat the client is refused, and client.denied says why',
    async ({ url, body, data }) => {
      const before = await snapshot(data());
      const response = await therapist2.post(url, body());
      expect(response.statusCode).toBe(403);
      expect(await snapshot(data())).toEqual(before);
      const [row] = await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'client.denied'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row).toMatchObject({
        patientId: margaret,
        detail: { kind: 'denied', route: `POST ${url}`, status: 403, reason: CLIENT_FORBIDDEN },
      });
    },
  );
});
