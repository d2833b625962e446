import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openPostgres } from './client.ts';

/**
 * `npm run db:app-role`: makes DATABASE_URL's user the app's restricted role
 * on PostgreSQL. Run it as the schema owner (MIGRATION_DATABASE_URL) after
 * deploying and again after any migration that adds a table. The role may
 * read and change the app's tables, but on the audit tables it may only
 * SELECT and INSERT: no UPDATE, DELETE or TRUNCATE, and since it owns
 * nothing it cannot ALTER or DISABLE their append-only triggers either.
 */
export const APPEND_ONLY_TABLES = ['audit_log', 'audit_checkpoints'] as const;

type Owner = Pick<pg.Client, 'query' | 'escapeIdentifier' | 'escapeLiteral'>;

/** Creates the role when missing (with this password), then sets its rights; safe to repeat. */
export async function grantAppRole(owner: Owner, role: string, password?: string): Promise<void> {
  const r = owner.escapeIdentifier(role);
  const { rows } = await owner.query<{ user: string; db: string }>(
    'SELECT current_user AS user, current_database() AS db',
  );
  const [me] = rows;
  if (!me) throw new Error('The owner connection answered nothing.');
  if (me.user === role) {
    throw new Error(
      `DATABASE_URL and MIGRATION_DATABASE_URL both use ${role}: the app needs its own role.`,
    );
  }
  const { rows: existing } = await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (existing.length === 0) {
    await owner.query(
      `CREATE ROLE ${r} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS${
        password ? ` PASSWORD ${owner.escapeLiteral(password)}` : ''
      }`,
    );
  }
  await refuseTooPowerful(owner, role);
  const statements = [
    `GRANT CONNECT, TEMPORARY ON DATABASE ${owner.escapeIdentifier(me.db)} TO ${r}`,
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `REVOKE CREATE ON SCHEMA public FROM ${r}`,
    `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    // nextval() needs USAGE; UPDATE (setval) is not given.
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    `REVOKE UPDATE, DELETE ON ${APPEND_ONLY_TABLES.join(', ')} FROM ${r}`,
    // Tables later migrations add (as this owner) get the same DML rights.
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${r}`,
  ];
  for (const statement of statements) await owner.query(statement);
}

/** A role that is superuser, owns the tables or inherits the owner would bypass every rule above. */
async function refuseTooPowerful(owner: Owner, role: string): Promise<void> {
  const { rows } = await owner.query<{ superuser: boolean; owner_member: boolean; owns: number }>(
    `SELECT r.rolsuper OR r.rolbypassrls AS superuser,
            pg_has_role($1, current_user, 'MEMBER') AS owner_member,
            (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relowner = r.oid) AS owns
       FROM pg_roles r WHERE r.rolname = $1`,
    [role],
  );
  const [found] = rows;
  if (!found) throw new Error(`There is no role ${role}.`);
  if (found.superuser) throw new Error(`${role} is a superuser (or bypasses RLS); it must not be.`);
  if (found.owner_member) throw new Error(`${role} is a member of the owner role; it must not be.`);
  if (found.owns > 0) throw new Error(`${role} owns ${found.owns} objects in schema public.`);
}

async function main(): Promise<void> {
  const appUrl = process.env.DATABASE_URL;
  const ownerUrl = process.env.MIGRATION_DATABASE_URL;
  if (!appUrl || !ownerUrl) {
    throw new Error(
      'Set DATABASE_URL (the app role to create, with its password) and MIGRATION_DATABASE_URL (the schema owner).',
    );
  }
  const app = new URL(appUrl);
  const role = decodeURIComponent(app.username);
  if (!role) throw new Error('DATABASE_URL names no user.');
  // The tables must exist before they can be granted on.
  const migrator = openPostgres(ownerUrl, 1);
  try {
    await migrator.migrate();
  } finally {
    await migrator.close();
  }
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    await grantAppRole(owner, role, decodeURIComponent(app.password) || undefined);
  } finally {
    await owner.end();
  }
  console.log(
    `${role} may now use the app's tables; on ${APPEND_ONLY_TABLES.join(' and ')} only SELECT and INSERT.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
