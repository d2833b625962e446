import { z } from 'zod';
import { dataOf, dateSchema, idParamSchema, idSchema, textSchema } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The practice's locations (issue 16 item 2): the list, adding or editing one, deactivating
 * it, and closing it from a day (spec-1 §2 /practice/locations/service/close) after seeing
 * what is booked there from that day on. Owners and managers only.
 */

/** A location as every call answers it. */
export const managedLocation = z.object({
  practiceLocationId: z.number(),
  name: z.string(),
  /** '#RRGGBB', the colour of its appointments on the calendar. */
  color: z.string(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  phone: z.string().nullable(),
  placeOfServiceCode: z.string(),
  /** Marked the default. */
  isDefault: z.boolean(),
  /** The practice's default today: the one marked, else the active open one named 'main' (spec-2 §9). */
  isEffectiveDefault: z.boolean(),
  active: z.boolean(),
  /** The first day nothing may be booked there (YYYY-MM-DD); null while open. */
  closesOn: z.string().nullable(),
});

export const listLocations = defineCall('GET', '/practice/locations', {
  querystring: z.object({ includeInactive: z.enum(['true', 'false']).optional() }),
  response: { 200: dataOf(z.array(managedLocation)) },
});

const optional = (max: number) => textSchema(max).nullable().optional();

/** No id adds a location (201); an id edits it (200). */
export const saveLocation = defineCall('POST', '/practice/locations/save', {
  body: z.object({
    practiceLocationId: idSchema.optional(),
    name: textSchema(60, { min: 1 }),
    color: textSchema(7, { min: 1 }),
    addressLine1: optional(100),
    city: optional(60),
    state: optional(2),
    zipcode: optional(10),
    phone: optional(20),
    placeOfServiceCode: textSchema(2, { min: 2 }),
    isDefault: z.boolean(),
  }),
  response: { 200: dataOf(managedLocation), 201: dataOf(managedLocation) },
});

/** Deactivates (leaves every list and cannot be booked) or reactivates a location. */
export const setLocationActive = defineCall('POST', '/practice/locations/setActive', {
  body: z.object({ practiceLocationId: idSchema, active: z.boolean() }),
  response: { 200: dataOf(managedLocation) },
});

/** An appointment at the location on or after the closing day, to reschedule first. */
export const closingAppointment = z.object({
  calendar_event_id: z.number(),
  start_date_time: z.string(),
  end_date_time: z.string(),
  /** The day in the practice's zone (YYYY-MM-DD): the calendar opens on it. */
  date: z.string(),
  therapistName: z.string(),
  /** The client's (or group's) name; '' for none. */
  clientName: z.string(),
  isGroup: z.boolean(),
});

/** Availability at the location that reaches the closing day. */
export const closingAvailability = z.object({
  kind: z.enum(['weekly', 'extra']),
  /** The weekly day's or the extra hours' id. */
  id: z.number(),
  therapistId: z.number(),
  therapistName: z.string(),
  /** 0 Sunday … 6 Saturday for weekly hours; null for extra hours. */
  dayOfWeek: z.number().nullable(),
  /** The extra hours' day, or the weekly hours' span end (null: no end). */
  date: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
});

const closingQuery = z.object({
  practiceLocationId: idParamSchema,
  closesOn: dateSchema(),
});

/** What is booked or offered at the location from the day on: shown before it closes. */
export const listLocationClosing = defineCall('GET', '/practice/locations/service/close', {
  querystring: closingQuery,
  response: {
    200: dataOf(
      z.object({
        location: managedLocation,
        closesOn: z.string(),
        appointments: z.array(closingAppointment),
        availability: z.array(closingAvailability),
      }),
    ),
  },
});

/** Closes the location from the day (null reopens it). Bookings from that day are refused. */
export const closeLocation = defineCall('POST', '/practice/locations/service/close', {
  body: z.object({ practiceLocationId: idSchema, closesOn: dateSchema().nullable() }),
  response: { 200: dataOf(managedLocation) },
});
