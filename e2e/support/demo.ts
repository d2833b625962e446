/** The demo cast (design.md, Demo data): every demo user has the same password. */
export const DEMO_PASSWORD = 'DemoPass!2026';

export type DemoUser =
  | 'owner'
  | 'manager'
  | 'therapist1'
  | 'therapist2'
  | 'therapist3'
  | 'therapist4'
  | 'therapist5'
  | 'scheduler'
  | 'biller'
  | 'frontoffice'
  | 'staffadmin'
  | 'custodian'
  | 'support'
  | 'agent'
  | 'client1'
  | 'owner2';

/** Paths of the web app as a browser sees them (under the /n/ base). */
export const appUrl = {
  home: '/n/',
  signIn: '/n/public/login',
  accessDenied: '/n/accessdenied',
  settings: '/n/settings',
  reporting: '/n/reporting',
  impersonate: '/n/admin/impersonate',
  debugCrash: '/n/debug/crash',
} as const;

/** The demo practices and people the shell tests name (apps/server/src/seed/demo-cast.ts). */
export const demoNames = {
  firstPractice: 'Riverbend Counseling Collective',
  secondPractice: 'Harbor Light Therapy',
  support: 'Sam Support',
  manager: 'Marcus Mendel',
} as const;
