/**
 * Every URL the web app uses, in one place: routes of the app (relative to the
 * router's basename) and the server's API endpoints. Nothing else in `src/`
 * writes a URL string literal. Each area keeps its URLs in `paths/`; callers
 * import them from here, except areas whose pages are all lazily loaded (charting,
 * records): their features import their own `paths/api-<area>.ts`, so those URLs ride in
 * the area's chunks instead of the first load of every page.
 */
import { appApi } from './paths/api-app';
import { auditApi } from './paths/api-audit';
import { clientsApi } from './paths/api-clients';
import { insuranceApi } from './paths/api-insurance';
import { practiceStaffApi } from './paths/api-practice-staff';
import { practiceProfileApi } from './paths/api-practice-profile';
import { practiceSsoApi } from './paths/api-practice-sso';
import { practicePlacesApi } from './paths/api-practice-places';
import { schedulingApi } from './paths/api-scheduling';

export {
  APP_BASENAME,
  appHref,
  paths,
  type SignInReason,
  type ToastType,
} from './paths/app-routes';

export const apiPaths = {
  ...schedulingApi,
  ...insuranceApi,
  ...auditApi,
  ...appApi,
  ...clientsApi,
  ...practicePlacesApi,
  ...practiceStaffApi,
  ...practiceProfileApi,
  ...practiceSsoApi,
} as const;
