import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { ClientTypeahead } from './client-typeahead';
import { mayCreateClients } from './may-create-clients';

/**
 * The search page's title (and what the page lists, where the title alone could mislead),
 * with the quick jump to one client and, for those allowed, 'New client' (adding one).
 */
export function SearchHeader({
  title,
  description,
  authorities,
}: {
  title: string;
  description?: ReactNode;
  authorities: readonly string[];
}) {
  const navigate = useNavigate();
  return (
    <Stack spacing={1}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography component="h1" variant="h4">
          {title}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <ClientTypeahead
            label="Go to client"
            size="small"
            clearOnSelect
            sx={{ width: 280 }}
            onSelect={(client) => {
              void navigate(paths.client.profile.getHref(client.user_id));
            }}
          />
          {mayCreateClients(authorities) && (
            <Button
              component={RouterLink}
              to={paths.client.new.getHref()}
              variant="contained"
              startIcon={<PersonAddIcon />}
            >
              New client
            </Button>
          )}
        </Stack>
      </Stack>
      {description && <Typography color="text.secondary">{description}</Typography>}
    </Stack>
  );
}
