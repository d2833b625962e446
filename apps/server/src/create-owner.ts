import { createInterface, type Interface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import {
  createOwner,
  generatePassword,
  OwnerInputError,
  ownerPasswordProblem,
  type OwnerInput,
} from './seed/owner.ts';

/**
 * `npm run create-owner`: the first practice and its owner, outside demo mode.
 * Each value comes from a flag, else an environment variable, else a prompt
 * (when a person is at the terminal). The password is never a flag: it is
 * typed without echo, read from standard input with --password-stdin, or
 * generated and printed once. Uses DATABASE_URL / DATA_DIR like the server;
 * with the embedded database, stop the server first (one process at a time).
 */

const FIELDS = [
  { key: 'practiceName', flag: 'practice', env: 'OWNER_PRACTICE_NAME', label: 'Practice name' },
  { key: 'firstName', flag: 'first-name', env: 'OWNER_FIRST_NAME', label: "Owner's first name" },
  { key: 'lastName', flag: 'last-name', env: 'OWNER_LAST_NAME', label: "Owner's last name" },
  { key: 'username', flag: 'username', env: 'OWNER_USERNAME', label: 'Username' },
  { key: 'email', flag: 'email', env: 'OWNER_EMAIL', label: 'Email' },
] as const;

const USAGE = `Usage: npm run create-owner -- [--practice NAME] [--first-name NAME] [--last-name NAME]
         [--username NAME] [--email ADDRESS] [--timezone ZONE] [--password-stdin | --generate-password]
Each value may also come from OWNER_PRACTICE_NAME, OWNER_FIRST_NAME, OWNER_LAST_NAME,
OWNER_USERNAME, OWNER_EMAIL, OWNER_TIMEZONE; missing ones are asked for at a terminal.`;

/** Reads lines from the terminal; `hidden` questions do not echo what is typed. */
function terminal(): { ask: (q: string, hidden?: boolean) => Promise<string>; close: () => void } {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl: Interface = createInterface({ input: process.stdin, output, terminal: true });
  return {
    async ask(question, hidden = false) {
      process.stdout.write(question);
      muted = hidden;
      const answer = await rl.question('');
      if (hidden) process.stdout.write('\n');
      muted = false;
      return answer;
    },
    close: () => {
      rl.close();
    },
  };
}

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function choosePassword(
  options: { passwordStdin: boolean; generate: boolean },
  username: string,
  tty: ReturnType<typeof terminal> | null,
): Promise<{ password: string; generated: boolean }> {
  if (options.passwordStdin) return { password: await readStdinLine(), generated: false };
  if (options.generate || !tty) return { password: generatePassword(), generated: true };
  for (;;) {
    const password = await tty.ask('Password (leave empty to generate one): ', true);
    if (password === '') return { password: generatePassword(), generated: true };
    const problem = ownerPasswordProblem(password, username);
    if (problem) {
      console.log(`  ${problem}`);
      continue;
    }
    if ((await tty.ask('Password again: ', true)) === password)
      return { password, generated: false };
    console.log('  The two passwords differ; try again.');
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      practice: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      username: { type: 'string' },
      email: { type: 'string' },
      timezone: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      'generate-password': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const passwordStdin = values['password-stdin'];
  // Standard input carries the password with --password-stdin, so it cannot also answer prompts.
  const tty = process.stdin.isTTY && !passwordStdin ? terminal() : null;
  try {
    const given: Partial<Record<(typeof FIELDS)[number]['key'], string>> = {};
    for (const field of FIELDS) {
      let value = values[field.flag] ?? process.env[field.env];
      if (value === undefined && tty) value = await tty.ask(`${field.label}: `);
      if (value === undefined) {
        console.error(`Missing --${field.flag} (or ${field.env}).\n${USAGE}`);
        return 1;
      }
      given[field.key] = value;
    }
    const username = (given.username ?? '').trim().toLowerCase();
    const { password, generated } = await choosePassword(
      { passwordStdin, generate: values['generate-password'] },
      username,
      tty,
    );
    const input: OwnerInput = {
      practiceName: given.practiceName ?? '',
      firstName: given.firstName ?? '',
      lastName: given.lastName ?? '',
      username,
      email: given.email ?? '',
      password,
      timezone: values.timezone ?? process.env.OWNER_TIMEZONE ?? 'America/New_York',
    };

    const config = readConfig(process.env);
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    try {
      await database.migrate();
      await createOwner(database.db, input);
    } finally {
      await database.close();
    }
    console.log(`Created the practice "${input.practiceName.trim()}" and its owner ${username}.`);
    if (generated) console.log(`Password (shown only now; write it down): ${password}`);
    console.log('Start the server (with PUBLIC_URL set) and sign in.');
    return 0;
  } catch (error) {
    if (error instanceof OwnerInputError) {
      console.error(
        error.field === 'database' ? error.message : `${error.field}: ${error.message}`,
      );
      return 1;
    }
    throw error;
  } finally {
    tty?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
