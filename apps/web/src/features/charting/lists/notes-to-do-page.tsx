import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { chartStatusLabel } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useChartingList, type ChartingListItem, type ChartingListName } from './api';

/** The lists in the order a therapist works through them, each with what its rows are. */
export const NOTE_LISTS: readonly { list: ChartingListName; title: string; empty: string }[] = [
  {
    list: 'awaitingReview',
    title: 'Notes awaiting my review',
    empty: 'Nothing waits for your review.',
  },
  {
    list: 'returned',
    title: 'Returned to me with feedback',
    empty: 'Nothing was returned to you.',
  },
  {
    list: 'uncharted',
    title: 'Sessions without a note',
    empty: 'Every attended session has a note.',
  },
  { list: 'incomplete', title: 'Drafts to finish', empty: 'No drafts are open.' },
  { list: 'addendaPending', title: 'Addenda to finish', empty: 'No addenda are open.' },
];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Where a row leads: the note, or for a session without one, the page that starts it. */
export function hrefOf(item: ChartingListItem): string {
  if (item.noteId !== null) return paths.client.note.getHref(item.patientId, item.noteId);
  return paths.client.noteOfAttendee.getHref(item.patientId, item.attendeeId ?? 0);
}

function Row({ item, list }: { item: ChartingListItem; list: ChartingListName }) {
  // A reviewer's own notes are never theirs to review (spec-1 §6): shown, but not a link.
  const ownInReview = list === 'awaitingReview' && item.is_provider;
  const when = dateFormat.format(new Date(item.date));
  const title = `${item.clientName}${item.type === 'addendum' ? ' (addendum)' : ''}`;
  return (
    <ListItem disableGutters divider>
      <ListItemText
        primary={
          ownInReview ? (
            <Typography color="text.disabled">{title}</Typography>
          ) : (
            <Link component={RouterLink} to={hrefOf(item)}>
              {title}
            </Link>
          )
        }
        secondary={`${when} · ${item.therapist_name} · ${item.daysOld} ${item.daysOld === 1 ? 'day' : 'days'} ago`}
      />
      {item.status !== null && <Chip size="small" label={chartStatusLabel(item.status)} />}
    </ListItem>
  );
}

function NoteList({ list, title, empty }: (typeof NOTE_LISTS)[number]) {
  const query = useChartingList(list);
  const count = query.data?.count;
  return (
    // The summary is the list's h2 (MUI's default wraps it in an h3).
    <Accordion disableGutters defaultExpanded slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary aria-controls={`${list}-content`} id={`${list}-header`}>
        <Typography component="span" variant="subtitle1">
          {title}
          {count !== undefined && ` (${count})`}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${list}-content`}>
        {query.isPending && <PageSpinner label={`Loading ${title.toLowerCase()}`} />}
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {query.data?.items.length === 0 && <Typography color="text.secondary">{empty}</Typography>}
        {query.data && query.data.items.length > 0 && (
          <List dense aria-label={title}>
            {query.data.items.map((item) => (
              <Row
                key={`${item.type}-${item.noteId ?? ''}-${item.addendumId ?? ''}-${item.attendeeId ?? ''}`}
                item={item}
                list={list}
              />
            ))}
          </List>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * `/charting/notes`: the signed-in therapist's notes to act on — to review, returned, sessions
 * without a note, drafts and addenda — until the dashboard (a later issue) shows the same lists.
 */
export function NotesToDoPage() {
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 3 } }}>
      <Typography component="h1" variant="h5">
        Notes to do
      </Typography>
      <div>
        {NOTE_LISTS.map((entry) => (
          <NoteList key={entry.list} {...entry} />
        ))}
      </div>
    </Stack>
  );
}
