import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * The steps of practice-first-day.spec.ts that read what the server stored, and the people
 * and things the new practice is set up with. The practice starts empty (no demo), so the
 * names need no unique suffix.
 */

export const OWNER = {
  practice: 'Lakeside Family Therapy',
  firstName: 'Olivia',
  lastName: 'Hart',
  username: 'ohart',
  email: 'olivia.hart@example.com',
  timezone: 'America/New_York',
  password: 'Copper-kettle-7741!',
};

export const LOCATION = {
  name: 'Harbor Street Office',
  address: '12 Harbor Street',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
};

export type NewService = {
  cptCode: string;
  description: string;
  minutes: string;
  fee: string;
  feeCents: number;
  isDefault: boolean;
};

/** The intake: the default service, so the one suggested for a new client's first appointment. */
export const INTAKE: NewService = {
  cptCode: '90791',
  description: 'Diagnostic evaluation',
  minutes: '60',
  fee: '200.00',
  feeCents: 20_000,
  isDefault: true,
};

export const SERVICES: readonly NewService[] = [
  INTAKE,
  {
    cptCode: '90837',
    description: 'Psychotherapy, 53 minutes or more',
    minutes: '55',
    // Whole dollars are accepted too.
    fee: '175',
    feeCents: 17_500,
    isDefault: false,
  },
];

export const THERAPIST = {
  firstName: 'Tess',
  lastName: 'Marlow',
  email: 'tess.marlow@example.com',
};
export const SUPERVISOR = {
  firstName: 'Grace',
  lastName: 'Hollis',
  email: 'grace.hollis@example.com',
};
export const THERAPIST_PASSWORD = 'Lantern-harbour-2026';
export const CLIENT = { firstName: 'Rowan', lastName: 'Ellery', dateOfBirth: '04/12/1990' };

/** A snackbar by its text (the last, should two saves leave two). */
export const toast = (page: Page, message: string): Locator =>
  page.getByRole('alert').filter({ hasText: message }).last();

export async function getData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export type StoredMember = {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  accountStatus: string;
  authorities: string[];
  therapist: { therapistId: number; supervisorIds: number[]; superviseeIds: number[] } | null;
};

/** A staff member as the staff page's API stores them, by last name. */
export async function storedMember(
  request: APIRequestContext,
  lastName: string,
): Promise<StoredMember> {
  const staff = await getData<StoredMember[]>(request, '/api/practice/staff');
  const found = staff.find((m) => m.lastName === lastName);
  if (!found) throw new Error(`No staff member ${lastName} in ${JSON.stringify(staff)}`);
  return found;
}

/** The newest email to `address` in the practice's email log (the local mailer keeps the body). */
export async function activationLinkTo(
  request: APIRequestContext,
  address: string,
): Promise<string> {
  const mails = await getData<{ recipient: string; body: string | null }[]>(
    request,
    '/api/emailMonitoring/outbound?limit=200',
  );
  const body = mails.find((mail) => mail.recipient === address)?.body ?? '';
  const link = /https?:\/\/\S+\/n\/public\/staff\/activate\?token=\S+/.exec(body)?.[0];
  expect(link, `the activation link in the email to ${address}`).toBeDefined();
  return link ?? '';
}

/** The day `days` ahead in the practice's zone (New York), moved on to the next Tuesday. */
export function tuesdayAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: OWNER.timezone }).format(new Date());
  const from = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000);
  const shift = (2 - from.getUTCDay() + 7) % 7;
  return new Date(from.getTime() + shift * 86_400_000).toISOString().slice(0, 10);
}

/** MM/DD/YYYY, as the pages show a day. */
export const usDate = (day: string): string =>
  `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
