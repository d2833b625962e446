import * as contract from '@openpractice/contracts/forms/definitions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import {
  definitionRow,
  definitionRows,
  detailOf,
  summaryOf,
  versionContent,
} from './definition-queries.ts';
import {
  addLibraryForm,
  createDefinition,
  libraryList,
  publishDraft,
  saveDraft,
  saveSettings,
  unsupportedDefinitions,
} from './definition-service.ts';

/**
 * Form definitions and the library (issue 18 item 1). Definitions hold no client data: staff
 * read them (to assign and preview), managers write them, and each write is audited as a
 * practice change naming the form and version (never its wording).
 */
export const definitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'practiceStaff' as const, audit: 'none' as const };

  app.get(
    contract.listDefinitions.path,
    { config: read, schema: contract.listDefinitions.schema },
    async (request) => ({
      data: (await definitionRows(app.db, practiceScope(request))).map(summaryOf),
    }),
  );

  app.get(
    contract.practiceList.path,
    { config: read, schema: contract.practiceList.schema },
    async (request) => ({
      data: (
        await definitionRows(
          app.db,
          practiceScope(request),
          sql`fd.active and fd.current_version is not null`,
        )
      ).map(summaryOf),
    }),
  );

  app.get(
    contract.unsupportedDefinitions.path,
    { config: read, schema: contract.unsupportedDefinitions.schema },
    async (request) => ({ data: await unsupportedDefinitions(app.db, practiceScope(request)) }),
  );

  app.get(
    contract.getDefinition.path,
    { config: read, schema: contract.getDefinition.schema },
    async (request) => {
      const row = await definitionRow(app.db, practiceScope(request), request.params.id);
      const asked = request.query.version;
      const shown =
        asked === undefined || asked === row.currentVersion
          ? row.published
          : await versionContent(app.db, row.id, asked);
      return {
        data: {
          ...(await detailOf(app.db, row)),
          shown,
          shownVersion: asked ?? row.currentVersion,
        },
      };
    },
  );

  app.get(
    contract.listLibrary.path,
    { config: { access: 'practiceStaff', audit: 'none' }, schema: contract.listLibrary.schema },
    async (request) => ({
      data: await libraryList(app.db, practiceScope(request)),
    }),
  );
};

/** Managers' writes: each a practice change naming the form and version, never its wording. */
export const definitionWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: FastifyRequest) => ({
    practiceId: practiceScope(request),
    userId: authOf(request).user.id,
    now: app.now(),
  });

  app.post(
    contract.createDefinition.path,
    {
      config: { access: 'manager', audit: { action: 'practice.form_definition_created' } },
      schema: contract.createDefinition.schema,
    },
    async (request, reply) => {
      const data = await createDefinition(app.db, actor(request), request.body);
      noteAudit(request, {
        detail: { formDefinitionId: data.id, items: request.body.questionnaire.item.length },
      });
      reply.code(201);
      return { data };
    },
  );

  app.put(
    contract.saveDraft.path,
    {
      config: { access: 'manager', audit: { action: 'practice.form_draft_saved' } },
      schema: contract.saveDraft.schema,
    },
    async (request) => {
      const data = await saveDraft(
        app.db,
        actor(request),
        request.params.id,
        request.body.questionnaire,
      );
      noteAudit(request, { detail: { formDefinitionId: data.id } });
      return { data };
    },
  );

  app.post(
    contract.publishDefinition.path,
    {
      config: { access: 'manager', audit: { action: 'practice.form_published' } },
      schema: contract.publishDefinition.schema,
    },
    async (request) => {
      const { detail, version } = await publishDraft(app.db, actor(request), request.params.id);
      noteAudit(request, { detail: { formDefinitionId: detail.id, version } });
      return { data: detail };
    },
  );

  app.put(
    contract.definitionSettings.path,
    {
      config: { access: 'manager', audit: { action: 'practice.form_settings_changed' } },
      schema: contract.definitionSettings.schema,
    },
    async (request) => {
      const data = await saveSettings(app.db, actor(request), request.params.id, request.body);
      noteAudit(request, { detail: { formDefinitionId: data.id, ...request.body } });
      return { data };
    },
  );

  app.post(
    contract.addLibraryForm.path,
    {
      config: { access: 'manager', audit: { action: 'practice.library_form_added' } },
      schema: contract.addLibraryForm.schema,
    },
    async (request, reply) => {
      const data = await addLibraryForm(app.db, actor(request), request.body.key);
      noteAudit(request, {
        detail: { key: request.body.key, formDefinitionId: data.id, version: data.currentVersion },
      });
      reply.code(201);
      return { data };
    },
  );
};
