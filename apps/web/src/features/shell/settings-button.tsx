import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';

/** Practice settings; the top bar shows it only to managers and staff administrators. */
export function SettingsButton() {
  return (
    <Tooltip title="Settings">
      <IconButton component={RouterLink} to={paths.settings.getHref()} aria-label="Settings">
        <SettingsOutlinedIcon />
      </IconButton>
    </Tooltip>
  );
}
