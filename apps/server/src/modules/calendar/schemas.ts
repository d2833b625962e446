import type { createAppointment, createMeeting } from '@openpractice/contracts/calendar/events';
import type { z } from 'zod';

// The request schemas live in the contract (packages/contracts/src/calendar/events.ts); service.ts
// still names its inputs from here.
export type CreateAppointmentInput = z.output<typeof createAppointment.schema.body>;
export type CreateMeetingInput = z.output<typeof createMeeting.schema.body>;
