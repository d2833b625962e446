import type { ClientPickerProps } from '../../../ui/client-picker';
import { clientDisplayName, ClientTypeahead } from './client-typeahead';

/** The clients area's typeahead as the app-wide client picker (ui/client-picker.tsx). */
export function ClientPickerAdapter({ onSelect, ...rest }: ClientPickerProps) {
  return (
    <ClientTypeahead
      {...rest}
      onSelect={(row, how) => {
        onSelect({ id: row.user_id, name: clientDisplayName(row) }, how);
      }}
    />
  );
}
