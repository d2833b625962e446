import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatZonedDate,
  formatZonedTime,
  parseX12,
  serializeSegments,
  type Dependent271,
  type Person271,
} from '@openpractice/domain';
import type { ReactNode } from 'react';

import type { EligibilityRequestSummary } from './api';
import { BenefitsTable } from './benefits-table';
import { CoverageWarningChips, CoverageWarnings } from './coverage-warnings';
import {
  countOrNotReported,
  COVERAGE_LABELS,
  moneyOrNotReported,
  percentOrNotReported,
  planPeriod,
  usDateOf,
} from './format';
import { MESSAGES } from './messages';

const RELATIONSHIP_CODES: Record<string, string> = {
  '01': 'Spouse',
  '19': 'Child',
  '34': 'Other adult',
  '18': 'Self',
};

/** A definition list of label and value pairs, two columns on wide screens. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1} aria-label={title}>
      <Typography component="h3" variant="h6">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

const personName = (p: Person271 | null) =>
  p ? [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ') || '—' : '—';

function personFacts(person: Person271 | Dependent271): [string, ReactNode][] {
  const facts: [string, ReactNode][] = [
    ['Name', personName(person)],
    ['Date of birth', usDateOf(person.dob)],
  ];
  if (person.memberId) facts.push(['Member id', person.memberId]);
  if (person.groupNumber || person.groupName) {
    facts.push(['Group', [person.groupNumber, person.groupName].filter(Boolean).join(' · ')]);
  }
  if ('relationshipCode' in person && person.relationshipCode) {
    facts.push([
      'Relationship',
      RELATIONSHIP_CODES[person.relationshipCode] ?? person.relationshipCode,
    ]);
  }
  return facts;
}

/**
 * Step 2, Review Report: what the payer said (coverage, plan dates, cost
 * share, visit limits, payer and subscriber), how the check was made, and
 * the X12 exchanged. 'New check' clears it and returns to Create.
 */
export function ReviewReport({
  report,
  timezone,
  onNewCheck,
}: {
  report: EligibilityRequestSummary;
  timezone: string;
  onNewCheck: () => void;
}) {
  const result = report.result;
  // A rejection's 271 says nothing about the plan or its cost share.
  const answered = report.status === 'COMPLETE' ? result : null;
  const summary = answered?.summary;
  const coverage = result?.coverage ?? 'unknown';

  return (
    <Stack spacing={3} component="article" aria-label="Review Report">
      <ReportHeading report={report} coverage={coverage} />
      <CoverageWarnings warnings={report.warnings} />

      {report.failureMessage && (
        <Alert severity="warning">
          <AlertTitle>{MESSAGES.rejectedTitle}</AlertTitle>
          {report.failureMessage}
        </Alert>
      )}
      {report.errorMessage && (
        <Alert severity="error">
          <AlertTitle>{MESSAGES.noAnswerTitle}</AlertTitle>
          {report.errorMessage}
        </Alert>
      )}

      {answered && (
        <Section title="Plan">
          <Facts
            items={[
              ['Coverage', COVERAGE_LABELS[coverage]],
              ['Plan', answered.planName ?? MESSAGES.notReported],
              ['Plan dates', planPeriod(answered.planBegin, answered.planEnd)],
            ]}
          />
        </Section>
      )}

      {summary && <CostShare summary={summary} report={report} />}

      {result && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Section title="Payer">
            <Facts
              items={[
                ['Name', result.payer.name ?? report.payerName],
                ['Payer id', result.payer.id ?? report.payerId],
              ]}
            />
          </Section>
          {result.subscriber && (
            <Section title="Subscriber">
              <Facts items={personFacts(result.subscriber)} />
            </Section>
          )}
          {result.dependent && (
            <Section title="Dependent">
              <Facts items={personFacts(result.dependent)} />
            </Section>
          )}
        </Stack>
      )}

      <RequestFacts report={report} timezone={timezone} />

      <ExchangeDetails report={report} />

      <div>
        <Button variant="contained" onClick={onNewCheck}>
          New check
        </Button>
      </div>
    </Stack>
  );
}

/** The payer, the coverage it reported, and any reason to doubt the answer, at a glance. */
function ReportHeading({
  report,
  coverage,
}: {
  report: EligibilityRequestSummary;
  coverage: keyof typeof COVERAGE_LABELS;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography component="h2" variant="h5">
        {report.payerName}
      </Typography>
      {report.status === 'COMPLETE' && (
        <Chip
          label={`Coverage: ${COVERAGE_LABELS[coverage]}`}
          color={coverage === 'active' ? 'success' : coverage === 'inactive' ? 'error' : 'default'}
        />
      )}
      <CoverageWarningChips warnings={report.warnings} />
      {report.testMode && <Chip variant="outlined" label="Test mode" />}
    </Stack>
  );
}

/**
 * What the client will pay, as the summary picked it from the 271 (in network, individual, for
 * the service type asked about), so the practice can quote it without reading every benefit.
 */
function CostShare({
  summary,
  report,
}: {
  summary: NonNullable<NonNullable<EligibilityRequestSummary['result']>['summary']>;
  report: EligibilityRequestSummary;
}) {
  return (
    <Section title="Cost share">
      <Facts
        items={[
          ['Copay', moneyOrNotReported(summary.copayCents)],
          ['Coinsurance', percentOrNotReported(summary.coinsurancePercent)],
          ['Deductible', moneyOrNotReported(summary.deductibleCents)],
          ['Deductible remaining', moneyOrNotReported(summary.deductibleRemainingCents)],
          ['Out of pocket', moneyOrNotReported(summary.outOfPocketCents)],
          ['Out of pocket remaining', moneyOrNotReported(summary.outOfPocketRemainingCents)],
          ['Visit limit', countOrNotReported(summary.visitLimit)],
          ['Visits remaining', countOrNotReported(summary.visitsRemaining)],
        ]}
      />
      <Typography variant="body2" color="text.secondary">
        In network, individual, for {report.serviceCode} ({report.serviceName}) or the plan’s
        general coverage when the payer gave nothing more specific.
      </Typography>
    </Section>
  );
}

/** How the check was made: when, for which service and client, by whom, and its trace number. */
function RequestFacts({
  report,
  timezone,
}: {
  report: EligibilityRequestSummary;
  timezone: string;
}) {
  const checkedAt = `${formatZonedDate(report.createdAt, timezone)} ${formatZonedTime(report.createdAt, timezone)}`;
  return (
    <Section title="Request">
      <Facts
        items={[
          ['Checked', checkedAt],
          ['Service type', `${report.serviceCode} - ${report.serviceName}`],
          ['Therapist', report.therapistName ?? '—'],
          ['Insurance number', report.insuranceNumber],
          [
            'Client is',
            report.isDependent
              ? `Dependent of ${report.insuredFirstName} ${report.insuredLastName}`
              : 'Insured',
          ],
          ['Run by', report.requestedBy ?? '—'],
          ['Trace number', report.traceNumber],
        ]}
      />
    </Section>
  );
}

/** Every benefit the payer sent and the raw X12 both ways, folded away as few need them. */
function ExchangeDetails({ report }: { report: EligibilityRequestSummary }) {
  const result = report.result;
  return (
    <>
      {result && result.benefits.length > 0 && (
        <Accordion variant="outlined" disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>All benefits from the payer ({result.benefits.length})</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <BenefitsTable benefits={result.benefits} />
          </AccordionDetails>
        </Accordion>
      )}
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography>X12 exchanged (270 sent, 271 received)</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Stack spacing={1}>
            <X12Block label="270 sent" text={report.x12.request} />
            {report.x12.response && <X12Block label="271 received" text={report.x12.response} />}
          </Stack>
        </AccordionDetails>
      </Accordion>
    </>
  );
}

/** One segment a line, as people read X12; the text as it is when it is not X12. */
function segmentPerLine(text: string): string {
  try {
    const { delimiters, segments } = parseX12(text);
    const newline = delimiters.segment === '\n' || delimiters.segment === '\r';
    return serializeSegments(segments, delimiters, { lineBreaks: !newline }).trim();
  } catch {
    return text;
  }
}

function X12Block({ label, text }: { label: string; text: string }) {
  const lines = segmentPerLine(text);
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'grey.100',
          overflowX: 'auto',
          fontSize: '0.8rem',
          maxHeight: 320,
        }}
      >
        {lines}
      </Box>
    </Box>
  );
}
