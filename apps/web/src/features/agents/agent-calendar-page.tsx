import type { DatesSetArg, EventContentArg, EventMountArg, PluginDef } from '@fullcalendar/core';
import FullCalendar from '@fullcalendar/react';
import resourceTimeGridPlugin from '@fullcalendar/resource-timegrid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_SCROLL_TIME } from '@openpractice/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate } from 'react-router';

import { appHref, paths } from '../../config/paths';
import { failureOf } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { agentCalendarSx } from './agent-calendar-styles';
import {
  AGENT_APPOINTMENTS_FAILED_MESSAGE,
  ASSUME_AGENT_FAILED_MESSAGE,
  getAgentAppointmentsQueryOptions,
  useAgentIdentities,
  useAgentTherapists,
  useAssumeAgentIdentity,
  type AgentIdentity,
  type AgentTherapists,
} from './api';
import { toAgentEventInput, toAgentResources } from './agent-event-input';
import { practiceTimeZonePlugin } from '../../lib/time-zone-plugin';

const PLUGINS: PluginDef[] = [practiceTimeZonePlugin, resourceTimeGridPlugin];
/** FullCalendar's resource views are used under their GPLv3 option (design.md). */
const LICENSE_KEY = 'GPL-My-Project-Is-Open-Source';
const VIEWS = ['resourceTimeGridWeek', 'resourceTimeGridDay'] as const;

/** Today as YYYY-MM-DD on this computer's clock (the server reads the week around it). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Time, title and what else the agent should know (telehealth, a client alert). */
function renderAgentEvent(arg: EventContentArg) {
  const details = (arg.event.extendedProps.details as string[] | undefined) ?? [];
  return (
    <div className="op-event-body">
      <div className="op-event-line">
        {arg.timeText && <span className="op-event-time">{arg.timeText}</span>}
        <span className="op-event-title">{arg.event.title}</span>
      </div>
      {details.length > 0 && <div className="op-event-line">{details.join(' · ')}</div>}
    </div>
  );
}

/**
 * Read-only events still take keyboard focus, so the grid's scrolling pane
 * can be reached and each appointment read in turn (axe
 * scrollable-region-focusable); the accessible name says it all.
 */
function makeEventReadable(arg: EventMountArg): void {
  const details = (arg.event.extendedProps.details as string[] | undefined) ?? [];
  arg.el.tabIndex = 0;
  arg.el.setAttribute('role', 'article');
  arg.el.setAttribute(
    'aria-label',
    [arg.timeText, arg.event.title, ...details].filter((part) => part !== '').join(', '),
  );
}

/** The agent's identity is chosen once per session; with one identity it is taken at once. */
function ChooseAgentIdentity() {
  const identities = useAgentIdentities(true);
  const assume = useAssumeAgentIdentity();
  const notify = useNotify();
  const tried = useRef(false);

  const choose = (identity: AgentIdentity) => {
    assume.mutate(identity.id, {
      onSuccess: () => {
        // A new identity: the whole app (navigation, practice, roles) reloads under it.
        window.location.assign(appHref(paths.schedule.externalAgent.getHref()));
      },
      onError: () => {
        notify.error(ASSUME_AGENT_FAILED_MESSAGE);
      },
    });
  };

  const only = identities.data?.length === 1 ? identities.data[0] : undefined;
  useEffect(() => {
    if (only && !tried.current) {
      tried.current = true;
      choose(only);
    }
  });

  if (identities.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void identities.refetch()}>
            Try again
          </Button>
        }
      >
        {ASSUME_AGENT_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (!identities.data || (only && !assume.isError)) return <PageSpinner />;
  // Not an external agent of any practice: this page is not for them.
  if (identities.data.length === 0) return <Navigate to={paths.accessDenied.getHref()} replace />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      <Typography>Choose the practice you are working for now.</Typography>
      {identities.data.map((identity) => (
        <Button
          key={identity.id}
          variant="outlined"
          disabled={assume.isPending}
          onClick={() => {
            choose(identity);
          }}
        >
          Work for {identity.practiceName}
        </Button>
      ))}
    </Stack>
  );
}

function AgentCalendar({ agent }: { agent: AgentTherapists }) {
  const [date, setDate] = useState(localToday);
  const [view, setView] = useState<(typeof VIEWS)[number]>('resourceTimeGridWeek');
  const boxRef = useRef<HTMLDivElement | null>(null);
  const notify = useNotify();
  const appointments = useQuery({
    ...getAgentAppointmentsQueryOptions(date),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (appointments.isError) notify.error(AGENT_APPOINTMENTS_FAILED_MESSAGE, { duration: 5000 });
  }, [appointments.isError, appointments.errorUpdatedAt, notify]);

  const resources = useMemo(
    () => toAgentResources(agent.therapists, { practiceId: agent.current_practice_id }),
    [agent],
  );
  const events = useMemo(
    () => (appointments.data?.appointments ?? []).map(toAgentEventInput),
    [appointments.data],
  );

  if (agent.therapists.length === 0) {
    return <Alert severity="info">No therapists are assigned to you yet.</Alert>;
  }
  if (!appointments.data) {
    return appointments.isError ? (
      <Alert severity="error">{AGENT_APPOINTMENTS_FAILED_MESSAGE}</Alert>
    ) : (
      <PageSpinner />
    );
  }

  return (
    <Box ref={boxRef} sx={{ overflowX: 'auto' }}>
      <Box
        sx={{
          ...agentCalendarSx,
          minWidth: view === 'resourceTimeGridWeek' ? 60 + 7 * resources.length * 90 : undefined,
        }}
      >
        <FullCalendar
          plugins={PLUGINS}
          schedulerLicenseKey={LICENSE_KEY}
          timeZone={appointments.data.timezone}
          initialView={view}
          initialDate={date}
          headerToolbar={{
            left: 'prev,next today',
            center: 'title',
            right: 'resourceTimeGridWeek,resourceTimeGridDay',
          }}
          buttonIcons={false}
          buttonText={{
            prev: 'Previous',
            next: 'Next',
            today: 'Today',
            resourceTimeGridWeek: 'Week',
            resourceTimeGridDay: 'Day',
          }}
          firstDay={0}
          contentHeight={640}
          expandRows
          scrollTime={DEFAULT_SCROLL_TIME}
          nowIndicator
          navLinks={false}
          editable={false}
          selectable={false}
          eventDisplay="block"
          resources={resources}
          resourceOrder="sort"
          events={events}
          eventContent={renderAgentEvent}
          eventDidMount={makeEventReadable}
          datesSet={(arg: DatesSetArg) => {
            // startStr is on the practice's clock: its first ten characters are the day.
            setDate(arg.startStr.slice(0, 10));
            if ((VIEWS as readonly string[]).includes(arg.view.type)) {
              setView(arg.view.type as (typeof VIEWS)[number]);
            }
          }}
        />
      </Box>
    </Box>
  );
}

/**
 * `/schedule/externalAgent` (spec-1 §2): an external agent's read-only week
 * of the therapists assigned to it, one column per therapist, coloured by
 * reading B of the colour rule. A session not yet acting as an agent first
 * chooses (or takes its only) agent identity; anyone who has none is sent to
 * access denied, as the API refuses them.
 */
export function AgentCalendarPage() {
  const agent = useAgentTherapists();
  const forbidden = failureOf(agent.error) === 'forbidden';
  return (
    <Box component="section" aria-labelledby="agent-schedule-heading" sx={{ p: { xs: 1, md: 3 } }}>
      <Typography id="agent-schedule-heading" component="h1" variant="h4" sx={{ mb: 2 }}>
        Schedule
      </Typography>
      {agent.data ? (
        <AgentCalendar agent={agent.data} />
      ) : forbidden ? (
        <ChooseAgentIdentity />
      ) : agent.isError ? (
        <Alert severity="error">{AGENT_APPOINTMENTS_FAILED_MESSAGE}</Alert>
      ) : (
        <PageSpinner />
      )}
    </Box>
  );
}
