import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig, type AppConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { readAuditKeyFile } from './platform/audit-checkpoint.ts';
import { verifyAuditChain } from './platform/audit-chain.ts';

/**
 * `npm run audit:verify`: walks the whole audit chain and holds it to every
 * checkpoint, with the same DATABASE_URL, DATA_DIR and AUDIT_KEY as the
 * server. Exit 0: intact; 1: tampering found; 2: could not verify.
 * On the embedded database, stop the server first: one process at a time.
 */
export const EXIT_INTACT = 0;
export const EXIT_TAMPERED = 1;
export const EXIT_CANNOT_VERIFY = 2;

export async function runAuditVerify(
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<number> {
  let config: AppConfig;
  let key: Buffer | null;
  try {
    config = readConfig(env);
    key = config.audit.key ?? (await readAuditKeyFile(config.dataDir));
  } catch (error) {
    print((error as Error).message);
    return EXIT_CANNOT_VERIFY;
  }
  if (!key) {
    print(
      `No audit key: set AUDIT_KEY, or DATA_DIR (${config.dataDir}) must hold the server's audit.key.`,
    );
    return EXIT_CANNOT_VERIFY;
  }
  // Opening a missing embedded database would create an empty one and call it intact.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    print(`There is no embedded database in ${config.dataDir}; set DATA_DIR or DATABASE_URL.`);
    return EXIT_CANNOT_VERIFY;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const check = await verifyAuditChain(database.db, { key });
    const counts = `${check.rows} rows, ${check.checkpointsVerified} checkpoints`;
    if (!check.ok) {
      const checkpoint =
        check.brokenCheckpointId === undefined ? '' : ` (checkpoint ${check.brokenCheckpointId})`;
      print(`Audit chain BROKEN at row ${check.brokenAtId}${checkpoint}: ${check.reason}.`);
      print(`Verified before the break: ${counts}.`);
      return EXIT_TAMPERED;
    }
    print(`Audit chain intact: ${counts} verified.`);
    print(
      check.verifiedThrough
        ? `Sealed through ${check.verifiedThrough.toISOString()}; ${check.unsealedRows} newer rows are chained but not yet sealed.`
        : `No checkpoint yet: ${check.unsealedRows} rows are chained but not yet sealed.`,
    );
    return EXIT_INTACT;
  } catch (error) {
    print(`Could not read the audit log: ${(error as Error).message}`);
    return EXIT_CANNOT_VERIFY;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAuditVerify(process.env, (line) => {
    console.log(line);
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(EXIT_CANNOT_VERIFY);
    },
  );
}
