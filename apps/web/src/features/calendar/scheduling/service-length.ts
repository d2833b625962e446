/**
 * A service is meant for a length (its CPT code's minutes); an appointment of
 * another length is allowed but worth a second look, so the scheduling and
 * edit dialogs warn (issue 15 item 11; the spec is silent on it).
 */

export interface ServiceLength {
  /** How the service is named to the user: its CPT code(s). */
  label: string;
  /** Its length in minutes; 0 when the practice gave it none. */
  minutes: number;
}

/** The length of a service made of products: theirs added up; 0 when one has none. */
export function serviceLengthOf(
  products: readonly { cptCode: string; durationMinutes: number }[],
): ServiceLength | null {
  if (products.length === 0) return null;
  const known = products.every((p) => p.durationMinutes > 0);
  return {
    label: products.map((p) => p.cptCode).join(' + '),
    minutes: known ? products.reduce((sum, p) => sum + p.durationMinutes, 0) : 0,
  };
}

/** 'The service 90837 is 60 minutes long, but this appointment is 45 minutes.', or null. */
export function serviceLengthWarning(
  service: ServiceLength | null,
  appointmentMinutes: number,
): string | null {
  if (!service || service.minutes <= 0 || appointmentMinutes <= 0) return null;
  if (service.minutes === appointmentMinutes) return null;
  return `The service ${service.label} is ${service.minutes} minutes long, but this appointment is ${appointmentMinutes} minutes.`;
}
