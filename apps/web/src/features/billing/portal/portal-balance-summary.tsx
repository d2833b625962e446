import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { billingRoutes } from '../../../config/paths/billing';
import { usePortalAccount } from './api';
import { CardWarnings } from './card-warnings';

/**
 * The portal home's billing part: the client's balance with a link to pay it, and the same
 * card expiry warnings as My billing. Says nothing while loading or when the read fails (the
 * billing page itself says why): the home page is not the place for an account error.
 */
export function PortalBalanceSummary() {
  const account = usePortalAccount();
  if (!account.data) return null;
  const { balanceCents, payableCents, cards } = account.data;
  return (
    <Stack spacing={1} component="section" aria-labelledby="home-balance-heading">
      <Typography component="h2" variant="h6" id="home-balance-heading">
        Billing
      </Typography>
      <CardWarnings cards={cards} />
      <Typography>
        Your balance:{' '}
        <strong data-testid="home-balance">{formatMoney(Math.max(0, balanceCents))}</strong>
      </Typography>
      <Link component={RouterLink} to={billingRoutes.portal.getHref()}>
        {payableCents > 0 ? 'Pay your balance' : 'See your billing'}
      </Link>
    </Stack>
  );
}
