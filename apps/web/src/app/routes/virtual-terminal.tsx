import { VirtualTerminalPage } from '../../features/billing/virtual-terminal/virtual-terminal-page';
import { useMayOpenLedger } from './billing-roles';

/** `/billing/virtualTerminal`: the page, told whether the user may open a client's ledger. */
export function VirtualTerminalRoute() {
  return <VirtualTerminalPage mayOpenLedger={useMayOpenLedger()} />;
}
