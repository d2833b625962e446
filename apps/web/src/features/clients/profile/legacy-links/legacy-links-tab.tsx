import Typography from '@mui/material/Typography';

import { useLegacyLinks } from '../api/profile';
import { SectionSpinner } from '../lib/section-spinner';

/**
 * Records of an earlier system linked to this client. No legacy system exists in
 * this product, so the server's list (its contract says so) is always empty.
 * A failure to load is only logged.
 */
export function LegacyLinksTab({ patientId }: { patientId: number }) {
  const links = useLegacyLinks(patientId);
  if (links.isPending) return <SectionSpinner />;
  if (links.isLoadingError) return <Typography>The linked records could not be loaded.</Typography>;
  return <Typography>No linked records.</Typography>;
}
