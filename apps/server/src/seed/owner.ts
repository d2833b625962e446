import {
  canonicalTimezone,
  email as emailRule,
  PASSWORD_MAX_LENGTH,
  PORTAL_PASSWORD_MIN_LENGTH,
  VALIDATION_MESSAGES,
} from '@openpractice/domain';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  locations,
  practices,
  practiceSettings,
  userAuthorities,
  users,
  type PracticeFeatures,
} from '../db/schema/index.ts';
import { hashPassword } from '../platform/passwords.ts';
import { randomToken } from '../platform/tokens.ts';
import { DEMO_PASSWORD } from './demo-cast.ts';
import { holdsDemo } from './demo-mode.ts';
import { addStandardPlacesOfService } from './places-of-service.ts';

/**
 * The first practice and its owner, outside demo mode (`npm run create-owner`).
 * The owner gets the owner authority (`customer.owner`: settings, staff,
 * reporting) and adds everyone else from the app.
 */

export type OwnerInput = {
  practiceName: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  timezone: string;
};

/** A problem with one input, named so the command can say which. */
export class OwnerInputError extends Error {
  constructor(
    readonly field: keyof OwnerInput | 'database',
    message: string,
  ) {
    super(message);
  }
}

const USERNAME = /^[a-z0-9][a-z0-9._@-]{2,63}$/;

/** New practices start with every feature that needs no outside service; ePrescribe needs one. */
const OWNER_FEATURES: PracticeFeatures = {
  claims: true,
  insurance: true,
  charting: true,
  telehealth: true,
  ePrescribe: false,
  changeTracking: false,
  messages: true,
  screenReaderAccessible: true,
};

/**
 * The domain's password rules (the portal's minimum length and the maximum),
 * plus what makes an owner's password guessable here: the published demo
 * password, or the username inside it. Answers the problem, or null.
 */
export function ownerPasswordProblem(password: string, username: string): string | null {
  if (password.length < PORTAL_PASSWORD_MIN_LENGTH)
    return VALIDATION_MESSAGES.minLength(PORTAL_PASSWORD_MIN_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH)
    return VALIDATION_MESSAGES.maxLength(PASSWORD_MAX_LENGTH);
  if (password === DEMO_PASSWORD) return 'This is the published demo password; choose another.';
  if (username && password.toLowerCase().includes(username.toLowerCase()))
    return 'The password must not contain the username.';
  if (new Set(password).size < 5) return 'The password repeats too few characters; choose another.';
  return null;
}

/** A password nobody chose: 144 random bits, printed once by the command. */
export const generatePassword = (): string => randomToken(18);

/** Every input checked, in the order the command asks for them; throws the first problem. */
export function checkOwnerInput(input: OwnerInput): OwnerInput {
  const clean = {
    ...input,
    practiceName: input.practiceName.trim(),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    username: input.username.trim().toLowerCase(),
    email: input.email.trim(),
    timezone: canonicalTimezone(input.timezone) ?? input.timezone,
  };
  for (const field of ['practiceName', 'firstName', 'lastName'] as const) {
    if (!clean[field]) throw new OwnerInputError(field, VALIDATION_MESSAGES.required);
    if (clean[field].length > 100) throw new OwnerInputError(field, VALIDATION_MESSAGES.max(100));
  }
  if (!USERNAME.test(clean.username))
    throw new OwnerInputError(
      'username',
      '3 to 64 characters: letters, digits and . _ @ -, starting with a letter or digit.',
    );
  const emailProblem = clean.email ? emailRule(clean.email) : VALIDATION_MESSAGES.required;
  if (emailProblem !== true) throw new OwnerInputError('email', emailProblem);
  if (canonicalTimezone(clean.timezone) === null)
    throw new OwnerInputError(
      'timezone',
      `Unknown time zone ${clean.timezone}; expected a US zone such as America/New_York.`,
    );
  const passwordProblem = ownerPasswordProblem(clean.password, clean.username);
  if (passwordProblem) throw new OwnerInputError('password', passwordProblem);
  return clean;
}

/**
 * Creates the practice (settings, a main location, the usual places of
 * service) and its owner in one transaction. Refuses a database that holds
 * the demo (real accounts beside published passwords) or a taken username.
 */
export async function createOwner(
  db: Db,
  raw: OwnerInput,
): Promise<{ practiceId: number; userId: number }> {
  const input = checkOwnerInput(raw);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await holdsDemo(tx))
      throw new OwnerInputError(
        'database',
        'This database holds the demo practices, whose accounts share a published password. Create the owner on an empty database started with SEED_DEMO=0 (or DATABASE_URL).',
      );
    const [taken] = await tx
      .select({ n: count() })
      .from(users)
      .where(sql`${users.username} = ${input.username}`);
    if ((taken?.n ?? 0) > 0)
      throw new OwnerInputError('username', `The username ${input.username} is taken.`);
    const [practice] = await tx
      .insert(practices)
      .values({ name: input.practiceName, timezone: input.timezone })
      .returning({ id: practices.id });
    if (!practice) throw new Error('practice insert failed');
    await tx.insert(practiceSettings).values({ practiceId: practice.id, features: OWNER_FEATURES });
    const [main] = await tx
      .insert(locations)
      .values({ practiceId: practice.id, name: 'Main Office', color: '#1565C0', isDefault: true })
      .returning({ id: locations.id });
    await addStandardPlacesOfService(tx, practice.id, main?.id ?? null);
    const [user] = await tx
      .insert(users)
      .values({
        practiceId: practice.id,
        username: input.username,
        passwordHash,
        type: 'staff',
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        professionalName: `${input.firstName} ${input.lastName}`,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert failed');
    await tx.insert(userAuthorities).values({ userId: user.id, authority: 'customer.owner' });
    return { practiceId: practice.id, userId: user.id };
  });
}
