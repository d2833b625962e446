import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userAuthorities, users, type UserType } from '../db/schema/index.ts';

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

/** Loads users with their authorities in one query. */
export async function loadPrincipals(db: Db, ids: number[]): Promise<Map<number, Principal>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      practiceId: users.practiceId,
      type: users.type,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      professionalName: users.professionalName,
      email: users.email,
      phone: users.phone,
      screenReader: users.screenReader,
      active: users.active,
      authorities: sql<
        string[]
      >`coalesce(array_agg(${userAuthorities.authority} order by ${userAuthorities.authority}) filter (where ${userAuthorities.authority} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userAuthorities, sql`${userAuthorities.userId} = ${users.id}`)
    .where(inArray(users.id, ids))
    .groupBy(users.id);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function loadPrincipal(db: Db, id: number): Promise<Principal | undefined> {
  return (await loadPrincipals(db, [id])).get(id);
}
