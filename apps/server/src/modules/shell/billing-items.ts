import { hasRole } from '@openpractice/domain';
import type { NavItem } from './navigation-items.ts';

/** The pages of client billing that need the billing role (issue 19 items 2 and 3). */
const BILLING_PAGES: NavItem[] = [
  {
    id: 'billing-open-balances',
    label: 'Open balances',
    icon: 'billing',
    kind: 'route',
    to: '/billing/balance/openBalances',
  },
  {
    id: 'billing-open-credits',
    label: 'Open credits',
    icon: 'billing',
    kind: 'route',
    to: '/billing/balance/openCredits',
  },
  {
    id: 'billing-charges-report',
    label: 'Charges',
    icon: 'billing',
    kind: 'route',
    to: '/billing/charges/chargesReport',
  },
  {
    id: 'billing-payments-report',
    label: 'Payments and refunds',
    icon: 'billing',
    kind: 'route',
    to: '/billing/payments/paymentsAndRefunds',
  },
  {
    id: 'billing-insurance-payments',
    label: 'Insurance payments',
    icon: 'billing',
    kind: 'route',
    to: '/billing/payments/insurance',
  },
  {
    id: 'billing-statements',
    label: 'Statements',
    icon: 'billing',
    kind: 'route',
    to: '/billing/statement',
  },
  {
    id: 'billing-statements-report',
    label: 'Statements report',
    icon: 'billing',
    kind: 'route',
    to: '/billing/statement/statementsReport',
  },
];

/**
 * spec-1 §2 `/billing/virtualTerminal`: keying a card for any client is the payment role's (as
 * the card payment call is), so a therapist allowed to take payments finds it even without
 * the billing pages.
 */
const VIRTUAL_TERMINAL: NavItem = {
  id: 'billing-virtual-terminal',
  label: 'Virtual terminal',
  icon: 'billing',
  kind: 'route',
  to: '/billing/virtualTerminal',
};

/** The Billing menu: what the user's roles let them open, nothing when neither applies. */
export function billingItems(authorities: string[]): NavItem[] {
  const billing = hasRole(authorities, 'billing');
  const payment = hasRole(authorities, 'payment');
  if (!billing && !payment) return [];
  const children = [...(billing ? BILLING_PAGES : []), ...(payment ? [VIRTUAL_TERMINAL] : [])];
  return [
    {
      id: 'billing',
      label: 'Billing',
      icon: 'billing',
      kind: 'route',
      to: children[0]?.to ?? VIRTUAL_TERMINAL.to,
      children,
    },
  ];
}
