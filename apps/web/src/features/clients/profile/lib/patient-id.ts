const MAX_ID = 2_147_483_647;

/** The client id of a route (`/client/:id`), or null when it is not one. */
export function patientIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}
