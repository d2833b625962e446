import { Outlet } from 'react-router';

import { useLoadToast } from '../features/shell/use-load-toast';

/** Every page, in any layout: shows a `?toast=` message on load. */
export function AppRoot() {
  useLoadToast();
  return <Outlet />;
}
