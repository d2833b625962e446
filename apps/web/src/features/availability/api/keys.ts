/** Every query of the availability editor starts with `all`; one therapist's with `therapist(id)`. */
export const availabilityKeys = {
  all: ['availability-editor'] as const,
  context: () => [...availabilityKeys.all, 'context'] as const,
  locations: () => [...availabilityKeys.all, 'locations'] as const,
  defaultLocation: () => [...availabilityKeys.all, 'default-location'] as const,
  therapist: (therapistId: number) => [...availabilityKeys.all, 'therapist', therapistId] as const,
  current: (therapistId: number) =>
    [...availabilityKeys.therapist(therapistId), 'current'] as const,
  spans: (therapistId: number) => [...availabilityKeys.therapist(therapistId), 'spans'] as const,
  span: (therapistId: number, spanId: number) =>
    [...availabilityKeys.therapist(therapistId), 'span', spanId] as const,
  exceptions: (therapistId: number) =>
    [...availabilityKeys.therapist(therapistId), 'exceptions'] as const,
  telehealth: (therapistId: number) =>
    [...availabilityKeys.therapist(therapistId), 'telehealth'] as const,
};
