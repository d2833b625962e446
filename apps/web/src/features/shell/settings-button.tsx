import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { LazyTooltip } from '../../ui/lazy-tooltip';

/** Practice settings; the top bar shows it only to managers and staff administrators. */
export function SettingsButton() {
  return (
    <LazyTooltip title="Settings">
      <IconButton component={RouterLink} to={paths.settings.getHref()} aria-label="Settings">
        <SettingsOutlinedIcon />
      </IconButton>
    </LazyTooltip>
  );
}
