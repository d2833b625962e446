import { readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { databaseIsEmpty, seedDemo } from './seed/demo.ts';
import { DEMO_CAST, DEMO_PASSWORD } from './seed/demo-cast.ts';

/** Reads the environment, opens and migrates the database, seeds the demo, listens. */
async function main() {
  const config = readConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();

  // The demo is seeded on an empty embedded database unless SEED_DEMO=0;
  // on a PostgreSQL server only when SEED_DEMO=1 asks for it.
  const wantsDemo = config.seedDemo ?? database.kind === 'pglite';
  if (wantsDemo && (await databaseIsEmpty(database.db))) {
    await seedDemo(database.db);
    console.log(`Demo practices created. Sign in with any of these (password ${DEMO_PASSWORD}):`);
    for (const p of DEMO_CAST) console.log(`  ${p.username.padEnd(12)} ${p.who}`);
  }

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
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(config.telehealthRoomUrl ? { telehealthRoomUrl: config.telehealthRoomUrl } : {}),
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
    `OpenPractice is running at http://localhost:${config.port}/n/ (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
