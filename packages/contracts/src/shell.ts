import { z } from 'zod';
import { defineCall } from './define.ts';

/** What the web app needs before and around every page: configuration and the navigation. */

/** `GET /api/config`: what the web app needs to know about the server it runs against. */
export const getConfig = defineCall('GET', '/config', {
  response: {
    200: z.object({
      environment: z.string(),
      /** The database holds the demo practices, whose accounts share a published password. */
      demoMode: z.boolean(),
    }),
  },
});

/**
 * One navigation entry. `to` is an in-app path (relative to /n) for 'route',
 * a full address for 'url' and 'external', and the address to POST to for
 * 'post', after which the browser loads `redirectTo`.
 */
export const navItem = z.object({
  id: z.string(),
  label: z.string(),
  icon: z.string(),
  kind: z.enum(['route', 'url', 'external', 'post']),
  to: z.string(),
  /** A count beside the label ('99+' above 99); absent when there is nothing to count. */
  badge: z.number().optional(),
  /** What the count means in words, read with the label: 'Booking requests, 3 pending'. */
  badgeLabel: z.string().optional(),
  get children() {
    return z.array(navItem).optional();
  },
  divider: z.boolean().optional(),
  redirectTo: z.string().optional(),
});
export type NavItem = z.output<typeof navItem>;

export const accountStanding = z.object({
  balance: z.number(),
  inGoodStanding: z.boolean(),
  cutoffDate: z.string().nullable(),
  cardExpiresIn: z.number().nullable(),
  isCutOff: z.boolean(),
  currentUserIsResponsibleParty: z.boolean(),
  lastPaymentDate: z.string().nullable(),
  lastPaymentAmount: z.number().nullable(),
  cardUpdatedToday: z.boolean(),
});

export const dashboardAlert = z.object({
  id: z.string(),
  severity: z.enum(['info', 'warning', 'error']),
  message: z.string(),
});

/** The navigation data of spec-1 §3 for the signed-in user. */
export const navigationData = z.object({
  currentPractice: z
    .object({
      id: z.number(),
      name: z.string(),
      /** The practice's logo banner (issue 16), or null. */
      logoUrl: z.string().nullable(),
      /** Its square icon, for narrow screens, or null. */
      logoIconUrl: z.string().nullable(),
    })
    .nullable(),
  features: z.object({
    claims: z.boolean(),
    insurance: z.boolean(),
    charting: z.boolean(),
    telehealth: z.boolean(),
    ePrescribe: z.boolean(),
    changeTracking: z.boolean(),
    inactivityLockoutMinutes: z.number(),
    messages: z.object({ enabled: z.boolean(), newCount: z.number() }),
    screenReaderAccessible: z.boolean(),
  }),
  dashboardAlerts: z.array(dashboardAlert),
  main: z.array(navItem),
  usernavigation: z.object({
    legal: z.boolean(),
    items: z.array(navItem),
    legalItems: z.array(navItem),
  }),
  user: z.object({
    displayedName: z.string(),
    initials: z.string(),
    impersonating: z.boolean(),
    impersonatorName: z.string().nullable(),
    practiceName: z.string().nullable(),
    isProviderStaff: z.boolean(),
    isTa: z.boolean(),
    isStaff: z.boolean(),
    canSeeSettings: z.boolean(),
  }),
  new: z.array(navItem),
  accountStanding: accountStanding.nullable(),
  helpWidget: z.object({ enabled: z.boolean(), issueReporting: z.boolean(), helpUrl: z.string() }),
});

/** Later fetches (the poll, a refetch on focus) ask to refresh the notification counts. */
export const getNavigation = defineCall('GET', '/dashboard/main/navigation', {
  querystring: z.object({ refreshNotifications: z.enum(['true', 'false']).optional() }),
  response: { 200: navigationData },
});
