import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResponseOf } from '@openpractice/contracts';
import type { defaultContactInformation } from '@openpractice/contracts/practice/info';
import { formatPhone } from '@openpractice/domain';
import { useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

type Contact = ResponseOf<typeof defaultContactInformation>['data'];

/**
 * How to reach the practice, on the portal home (issue 21 item 4): its name, address and phone
 * (a link that dials on a phone). Shows nothing until it has loaded, nothing on failure (the
 * rest of the page does not depend on it), and nothing when the practice has entered neither.
 */
export function PracticeContactBlock() {
  const contact = useQuery({
    queryKey: ['practice', 'contactBlock'],
    queryFn: ({ signal }) => api.get<{ data: Contact }>(apiPaths.practiceContactBlock, { signal }),
    select: (answer) => answer.data,
  });
  if (!contact.data) return null;
  const { name, addressLine1, addressLine2, city, state, zipcode, phone } = contact.data;
  const place = [city, [state, zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [addressLine1, addressLine2, place].filter(Boolean);
  // A practice that has not entered its address or phone has nothing to show here.
  if (lines.length === 0 && !phone) return null;
  return (
    <Stack component="section" spacing={0.5} aria-labelledby="practice-contact">
      <Typography id="practice-contact" component="h2" variant="h6">
        Contact {name}
      </Typography>
      {lines.map((line) => (
        <Typography key={line}>{line}</Typography>
      ))}
      {phone && (
        <Typography>
          <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{formatPhone(phone)}</Link>
        </Typography>
      )}
    </Stack>
  );
}
