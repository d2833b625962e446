import type { SxProps, Theme } from '@mui/material/styles';
import type { ClientSearchContext } from '@openpractice/domain';
import { createContext, use, useCallback, type ComponentType, type ReactNode } from 'react';

/** A client chosen in a picker: the id and the name to show. */
export interface PickedClient {
  id: number;
  name: string;
}

/** How a client came to be chosen: `automatic` when it was the only match for what was typed. */
export interface PickedHow {
  automatic: boolean;
}

/** What the picker says (in its live region) when it chooses the only match by itself. */
export const onlyMatchText = (name: string) => `Selected ${name}, the only match.`;

export interface ClientPickerProps {
  /** The field's label; default 'Find a client'. */
  label?: string;
  /** Called with the client chosen from the list, or chosen by itself (`how.automatic`). */
  onSelect: (client: PickedClient, how: PickedHow) => void;
  /**
   * An automatic choice was undone (Change, Escape, Backspace or typing on): the picker
   * searches again from what was typed. A parent that keeps the choice should forget it.
   */
  onClear?: () => void;
  /** The search scope; default the first the server offers the user. */
  context?: ClientSearchContext;
  omitGroups?: boolean;
  /** Empty the box after a choice (a 'Go to client' box); otherwise it shows the choice. */
  clearOnSelect?: boolean;
  /**
   * Choose the client by itself when the server finds exactly one match for the settled text
   * (the scheduling dialogs, spec-1 §4). The picker then shows the choice, says so in its live
   * region and offers Change (or Escape, Backspace, typing on) until the parent takes over.
   */
  autoSelectSingle?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/** Renders the picker the app provides (a render function: no component made during render). */
type RenderPicker = (props: ClientPickerProps) => ReactNode;

const PickerContext = createContext<RenderPicker | null>(null);

/**
 * Areas that pick a client (the scheduling dialogs, the audit report) get the clients area's
 * search-as-you-type from here, so no feature imports another: app/ provides the picker.
 */
export function ClientPickerProvider({
  picker,
  children,
}: {
  picker: ComponentType<ClientPickerProps>;
  children: ReactNode;
}) {
  const Picker = picker;
  const render = useCallback<RenderPicker>((props) => <Picker {...props} />, [Picker]);
  return <PickerContext value={render}>{children}</PickerContext>;
}

export function ClientPicker(props: ClientPickerProps) {
  const render = use(PickerContext);
  if (!render) throw new Error('ClientPicker needs a ClientPickerProvider (app/providers.tsx).');
  return render(props);
}
