import type { UserType } from '../db/schema/index.ts';

/** A user as access rules and identity see them. Never carries the password hash. */
export type Principal = {
  id: number;
  practiceId: number | null;
  type: UserType;
  username: string;
  firstName: string;
  lastName: string;
  professionalName: string;
  email: string | null;
  phone: string | null;
  screenReader: boolean;
  active: boolean;
  authorities: string[];
};
