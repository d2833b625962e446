import * as contract from '@openpractice/contracts/records/print';
import { fullName } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PrintRecordFileRow } from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { CLIENT_NOT_FOUND } from '../../platform/client-gate.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { assertMayPrint, clinicalClientIds, PRINT_CLIENT_NEED, printableTypes } from './access.ts';
import {
  assertDownloadable,
  claimDownload,
  DOWNLOAD_GONE,
  DOWNLOAD_NOT_YOURS,
  fileOfToken,
  loadDownloadKey,
} from './downloads.ts';
import { jobById, pendingJobIds } from './jobs.ts';
import { printClient, printTherapists } from './queries.ts';
import { PrintRunner } from './runner.ts';
import { countRecords, jobStatus, startPrint } from './service.ts';

/**
 * Printing a client's records (spec-1 §2 /client/records/print/{id}, §7 Printing): the page's
 * options, the counts, the print itself (a background job, recorded as a disclosure), its
 * status, and the single-use download of each PDF. Every call about a client goes through the
 * client gate with demographic access and writes its audit row; see docs/records-api.md.
 */

type Context = {
  runner: PrintRunner;
  downloadKey: string;
  /** Jobs to start once their request's answer has left (so its transaction has committed). */
  toStart: WeakMap<FastifyRequest, number>;
  /** Files downloaded by the request, removed once the answer has left. */
  downloaded: WeakMap<FastifyRequest, PrintRecordFileRow>;
};

/** A call naming its clients in `patientRecordIds`: gated with demographic access, audited. */
const onClients = (action: `client.${string}`, kind: 'view' | 'print') => ({
  access: 'practiceStaff' as const,
  audit: { action, kind, client: { body: 'patientRecordIds', need: PRINT_CLIENT_NEED } } as const,
});

const optionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.printOptions.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.records_print_options_read',
          client: { query: 'patientId', need: PRINT_CLIENT_NEED },
        },
      },
      schema: contract.printOptions.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const client = await printClient(app.db, gate.practiceId, gate.clientId);
      if (!client) throw notFound(CLIENT_NOT_FOUND);
      const { timezone, today } = await practiceDay(app.db, gate.practiceId, app.now());
      return {
        data: {
          patientId: client.id,
          clientName: fullName(client),
          recordTypes: printableTypes(gate, authOf(request).user.authorities),
          therapists: await printTherapists(app.db, gate.practiceId, gate.clientId),
          today,
          timezone,
        },
      };
    },
  );
};

const printRoutes: FastifyPluginAsyncZod<{ ctx: Context }> = async (app, { ctx }) => {
  app.post(
    contract.findBatchCountTotals.path,
    {
      config: onClients('client.records_counted', 'view'),
      schema: contract.findBatchCountTotals.schema,
    },
    async (request) => {
      const { recordTypes } = request.body;
      const { authorities } = authOf(request).user;
      assertMayPrint(request.clientGates, authorities, recordTypes);
      const counts = await countRecords(
        app.db,
        practiceScope(request),
        request.body,
        clinicalClientIds(request.clientGates, authorities),
      );
      noteAudit(request, {
        detail: {
          recordTypes,
          counts: Object.fromEntries(counts.map((c) => [c.recordType, c.count])),
        },
      });
      return { data: counts, total: counts.reduce((sum, c) => sum + c.count, 0) };
    },
  );

  app.post(
    contract.printPatientRecords.path,
    {
      config: onClients('client.records_printed', 'print'),
      schema: contract.printPatientRecords.schema,
    },
    async (request, reply) => {
      const auth = authOf(request);
      assertMayPrint(request.clientGates, auth.user.authorities, request.body.recordTypes);
      const { job, counts, disclosure } = await startPrint(app.db, {
        practiceId: practiceScope(request),
        userId: auth.user.id,
        body: request.body,
        now: app.now(),
        clinicalClientIds: clinicalClientIds(request.clientGates, auth.user.authorities),
      });
      // The disclosure: who (the row's actor), to whom, why, which records and how many.
      noteAudit(request, { detail: disclosure });
      ctx.toStart.set(request, job.id);
      void reply.code(202);
      return { data: { jobId: job.id, status: job.status, counts } };
    },
  );

  app.post(
    contract.checkPrintRecordsStatus.path,
    // Ids, states and links only (no client's data): the print and each download are audited.
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.checkPrintRecordsStatus.schema,
    },
    async (request) => {
      const { data, resume } = await jobStatus(app.db, ctx.downloadKey, {
        practiceId: practiceScope(request),
        userId: authOf(request).user.id,
        jobId: request.body.jobId,
        now: app.now(),
      });
      if (resume) ctx.runner.enqueue(data.jobId);
      return { data };
    },
  );
};

const downloadRoute: FastifyPluginAsyncZod<{ ctx: Context }> = async (app, { ctx }) => {
  /** The file a download link names, read once by the client locator. */
  const linked = new WeakMap<FastifyRequest, PrintRecordFileRow>();
  app.get(
    contract.downloadPrintedRecords.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.records_downloaded',
          kind: 'export',
          client: {
            resolve: async (db, request) => {
              const { token } = request.params as { token: string };
              const file = await fileOfToken(db, ctx.downloadKey, token);
              linked.set(request, file);
              return [file.clientId];
            },
            need: PRINT_CLIENT_NEED,
          },
        },
      },
      schema: contract.downloadPrintedRecords.schema,
    },
    async (request, reply) => {
      const file = linked.get(request);
      if (!file) throw notFound();
      const userId = authOf(request).user.id;
      const job = await jobById(app.db, file.jobId);
      if (job?.requestedByUserId !== userId) throw forbidden(DOWNLOAD_NOT_YOURS);
      const now = app.now();
      assertDownloadable(file, now);
      const bytes = await app.storage.adapter.get(file.fileKey);
      if (bytes === null) throw new AppError(410, DOWNLOAD_GONE);
      await claimDownload(app.db, file, userId, now);
      noteAudit(request, {
        detail: { jobId: file.jobId, fileId: file.id, recordTypes: file.recordTypes },
      });
      ctx.downloaded.set(request, file);
      void reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('X-Content-Type-Options', 'nosniff');
      return bytes;
    },
  );
};

export const recordsModule: FastifyPluginAsyncZod = async (app) => {
  const ctx: Context = {
    runner: new PrintRunner({
      db: app.db,
      files: app.storage.adapter,
      now: app.now,
      mailer: app.mailer,
      log: app.log,
      publicUrl: app.publicUrl,
    }),
    downloadKey: await loadDownloadKey(app.db),
    toStart: new WeakMap(),
    downloaded: new WeakMap(),
  };
  app.addHook('onResponse', async (request, reply) => {
    const jobId = ctx.toStart.get(request);
    if (jobId !== undefined && reply.statusCode < 300) ctx.runner.enqueue(jobId);
    const file = ctx.downloaded.get(request);
    if (file !== undefined && reply.statusCode === 200) ctx.runner.remove(file.id, file.fileKey);
  });
  // Jobs a stopped process left pending are taken again; PDFs no longer wanted are removed.
  app.addHook('onReady', async () => {
    await ctx.runner.sweep();
    for (const id of await pendingJobIds(app.db)) ctx.runner.enqueue(id);
  });
  app.addHook('onClose', async () => {
    await ctx.runner.stop();
  });
  await app.register(optionRoutes);
  await app.register(printRoutes, { ctx });
  await app.register(downloadRoute, { ctx });
};
