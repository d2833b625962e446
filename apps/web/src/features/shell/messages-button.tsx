import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { formatCount } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { LazyTooltip } from '../../ui/lazy-tooltip';

/** Messages, with the count of new ones ('99+' above 99). */
export function MessagesButton({ newCount }: { newCount: number }) {
  const label = newCount > 0 ? `Messages (${formatCount(newCount)} new)` : 'Messages';
  return (
    <LazyTooltip title="Messages">
      <IconButton component={RouterLink} to={paths.messages.getHref()} aria-label={label}>
        <Badge badgeContent={newCount > 0 ? formatCount(newCount) : null} color="error">
          <MailOutlinedIcon />
        </Badge>
      </IconButton>
    </LazyTooltip>
  );
}
