import { readConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { pathToFileURL } from 'node:url';
import { buildApp, type AppOptions } from './app.ts';
import { resolvePublicUrl } from './platform/links.ts';
import { demoCastList, demoNotice, prepareDemo } from './seed/demo-mode.ts';

/**
 * Reads the environment, opens and migrates the database, seeds the demo, listens.
 * `testOnly` is for the end-to-end runner's own start script (e2e/support/server.ts),
 * which must let the app reach the tests' local servers; no variable sets it.
 */
export async function main(testOnly: Pick<AppOptions, 'outboundFetch'> = {}) {
  const config = readConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database, config.migrationDatabaseUrl);

  // The demo is seeded (in one transaction) on an empty embedded database unless SEED_DEMO=0;
  // on a PostgreSQL server only when SEED_DEMO=1 asks for it.
  const { seeded, demoMode } = await prepareDemo(database, config.seedDemo);
  if (seeded) console.log(demoCastList());
  // Links in emails come from PUBLIC_URL only (outside demo mode it is required).
  const publicUrl = resolvePublicUrl({ publicUrl: config.publicUrl, demoMode, port: config.port });

  const app = await buildApp({
    database,
    webDist: config.webDist,
    dataDir: config.dataDir,
    trustProxy: config.trustProxy,
    logLevel: config.logLevel,
    environment: config.environment,
    ...(config.helpUrl ? { helpUrl: config.helpUrl } : {}),
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    fax: { url: config.faxUrl, token: config.faxToken },
    idAnalysis: { url: config.idAnalysisUrl, token: config.idAnalysisToken },
    clearinghouse: config.clearinghouse,
    stripe: config.stripe,
    publicUrl,
    demoMode,
    ...(config.telehealthRoomUrl ? { telehealthRoomUrl: config.telehealthRoomUrl } : {}),
    audit: { key: config.audit.key, checkpointIntervalMs: config.audit.checkpointSeconds * 1000 },
    ...testOnly,
  });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
  console.log(
    config.smtpUrl
      ? 'Mail is sent through SMTP_URL.'
      : 'Mail is kept in the email log only (SMTP_URL is not set).',
  );
  console.log(
    config.faxUrl
      ? 'Faxes are sent through FAX_URL.'
      : 'Faxes are kept in the fax log only (FAX_URL is not set).',
  );
  console.log(
    config.idAnalysisUrl
      ? 'Photo IDs are read through ID_ANALYSIS_URL.'
      : 'Photo ID analysis is off (ID_ANALYSIS_URL is not set).',
  );
  console.log(
    config.clearinghouse.url
      ? 'Eligibility checks go to the clearinghouse at CLEARINGHOUSE_URL.'
      : 'Eligibility checks are in test mode: sample answers (CLEARINGHOUSE_URL is not set).',
  );
  console.log(
    `OpenPractice is running at ${publicUrl}/n/ (listening on ${config.host}:${config.port}; ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
  );
  if (demoMode) console.log(demoNotice());
}

export function exitOnStartFailure(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch(exitOnStartFailure);
}
