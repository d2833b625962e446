import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). @node-rs/argon2
 * runs each hash on libuv's thread pool, so a burst of sign-ins does not
 * block the event loop.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolatedModules cannot import)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when a username is unknown so timing matches. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`unknown-user-${Math.random()}`);
  return dummyHash;
}
