import { PRINT_MESSAGES, PRINT_STATUS_POLL_MS } from '@openpractice/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { useNotify } from '../../ui/snackbar/use-notify';
import {
  fetchPrintStatus,
  useCountRecords,
  useStartPrint,
  type PrintFilter,
  type PrintRequest,
  type RecordCount,
} from './api';

/**
 * The print flow (spec-1 §4 Print flow, §8 Printing): the counts first (findBatchCountTotals),
 * then the job (printPatientRecords); the page asks how it is going (checkPrintRecordsStatus)
 * until it is complete (ready) or failed (error), unless the user asked to be sent a message
 * (sendCompleteMessage), when nothing is polled.
 */
export type PrintPhase =
  /** Choosing what to print. */
  | { kind: 'choosing' }
  /** The counts are shown; printing waits for a confirmation. */
  | { kind: 'counted'; filter: PrintFilter; counts: RecordCount[]; total: number }
  /** The job runs; the page polls it. */
  | { kind: 'waiting'; jobId: number }
  /** The job runs; the user will be sent a message. */
  | { kind: 'messaged'; jobId: number };

export function usePrintFlow(initialJobId: number | null) {
  const notify = useNotify();
  const [phase, setPhase] = useState<PrintPhase>(
    initialJobId === null ? { kind: 'choosing' } : { kind: 'waiting', jobId: initialJobId },
  );
  const count = useCountRecords();
  const start = useStartPrint();
  const jobId = phase.kind === 'waiting' ? phase.jobId : null;

  const status = useQuery({
    queryKey: ['records', 'print-status', jobId] as const,
    queryFn: ({ signal }) => fetchPrintStatus(jobId ?? 0, signal),
    enabled: jobId !== null,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.status !== 'error'
        ? PRINT_STATUS_POLL_MS
        : false,
    refetchOnWindowFocus: false,
  });

  // Each outcome is told once: ready, failed (kept until dismissed), or the poll failing.
  const told = useRef<string | null>(null);
  const outcome = status.isError ? 'error' : (status.data?.status ?? 'pending');
  useEffect(() => {
    const key = `${String(jobId)}:${outcome}`;
    if (jobId === null || outcome === 'pending' || told.current === key) return;
    told.current = key;
    if (outcome === 'complete') notify.success(PRINT_MESSAGES.ready);
    else if (outcome === 'failed') notify.error(PRINT_MESSAGES.failed, { duration: null });
    else notify.error(PRINT_MESSAGES.waiting);
  }, [jobId, outcome, notify]);

  return {
    phase,
    status,
    counting: count.isPending,
    starting: start.isPending,
    /** findBatchCountTotals for the choice; the counts come before any printing. */
    findCounts: (filter: PrintFilter) => {
      count.mutate(filter, {
        onSuccess: (answer) => {
          setPhase({ kind: 'counted', filter, counts: answer.data, total: answer.total });
        },
        onError: () => {
          notify.error(PRINT_MESSAGES.counts);
        },
      });
    },
    /** printPatientRecords once the counts were seen. */
    print: (request: PrintRequest) => {
      start.mutate(request, {
        onSuccess: (job) => {
          if (request.sendCompleteMessage) {
            setPhase({ kind: 'messaged', jobId: job.jobId });
            notify.info(PRINT_MESSAGES.willMessage);
          } else {
            setPhase({ kind: 'waiting', jobId: job.jobId });
          }
        },
        onError: () => {
          notify.error(PRINT_MESSAGES.print);
        },
      });
    },
    /** Back to the choices (after the counts, or to print something else). */
    change: () => {
      setPhase({ kind: 'choosing' });
    },
  };
}

export type PrintFlow = ReturnType<typeof usePrintFlow>;
