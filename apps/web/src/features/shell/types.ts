import type { ResponseOf } from '@openpractice/contracts';
import type { getConfig, getNavigation } from '@openpractice/contracts/shell';

/** `GET /api/dashboard/main/navigation` (spec-1 §3, Navigation data). */
export type NavigationData = ResponseOf<typeof getNavigation>;

/**
 * One navigation entry. `to` is an in-app path (relative to /n) for 'route',
 * a full address for 'url' and 'external', and the address to POST to for
 * 'post', after which the browser loads `redirectTo`.
 */
export type NavItem = NavigationData['main'][number];

export type DashboardAlert = NavigationData['dashboardAlerts'][number];

/** What the web app needs to know about the server it runs against. */
export type AppConfig = ResponseOf<typeof getConfig>;

export type NavigationUser = NavigationData['user'];
