import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { billingRoutes } from '../../../config/paths/billing';
import { SuperbillDialog } from './superbill-dialog';

/**
 * What can be done from a client's Billing page: take a payment (payment access to the client)
 * and, for the billing role as the server's statement and superbill calls require, make a
 * statement, download a superbill (a separate document, for the insurer) and read the client's
 * statements in the statements report.
 */
export function BillingActions({
  patientId,
  canPay,
  canStatements,
}: {
  patientId: number;
  canPay: boolean;
  canStatements: boolean;
}) {
  const [superbill, setSuperbill] = useState(false);
  if (!canPay && !canStatements) return null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {canPay && (
        <Button
          component={RouterLink}
          to={billingRoutes.takePayment.getHref(patientId)}
          variant="contained"
        >
          Take payment
        </Button>
      )}
      {canStatements && (
        <>
          <Button
            component={RouterLink}
            to={billingRoutes.statement.getHref(patientId)}
            variant="outlined"
          >
            Make a statement
          </Button>
          <Button
            variant="outlined"
            onClick={() => {
              setSuperbill(true);
            }}
          >
            Superbill
          </Button>
          <Link component={RouterLink} to={billingRoutes.statementsReport.getHref(patientId)}>
            Statements
          </Link>
          {superbill && (
            <SuperbillDialog
              patientId={patientId}
              onClose={() => {
                setSuperbill(false);
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
