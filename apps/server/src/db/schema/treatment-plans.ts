import type { GoalProgress, PlanContent, PlanTemplateDefinition } from '@openpractice/domain';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { practices } from './practices.ts';
import { therapists, users } from './users.ts';

/**
 * Treatment plans (issue 18 item 5). Migration 0036 (hand-written) adds the triggers that
 * refuse any change to a plan its therapist signed, and to signatures, comments and progress.
 */

/** A plan template; the shipped one has no practice. */
export const treatmentPlanTemplates = pgTable(
  'treatment_plan_templates',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<PlanTemplateDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('treatment_plan_templates_practice_idx').on(t.practiceId)],
);

/** One version of a client's plan with one therapist; the newest version is the current plan. */
export const treatmentPlans = pgTable(
  'treatment_plans',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => therapists.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => treatmentPlanTemplates.id),
    version: integer('version').notNull(),
    previousPlanId: integer('previous_plan_id'),
    content: jsonb('content').$type<PlanContent>().notNull(),
    reviewDate: date('review_date', { mode: 'string' }).notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('treatment_plans_version_idx').on(t.clientId, t.therapistId, t.version),
    index('treatment_plans_practice_therapist_idx').on(t.practiceId, t.therapistId),
    index('treatment_plans_practice_review_idx').on(t.practiceId, t.reviewDate),
  ],
);

export type PlanSignatureRole = 'therapist' | 'supervisor' | 'client';

/** Who signed which version, when and from where; one per role per version. */
export const treatmentPlanSignatures = pgTable(
  'treatment_plan_signatures',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => treatmentPlans.id),
    role: text('role').$type<PlanSignatureRole>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    typedName: text('typed_name'),
    /** On the therapist's signature: they had supervisors then, so one must co-sign. */
    supervisorRequired: boolean('supervisor_required').notNull().default(false),
    contentHash: text('content_hash').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('treatment_plan_signatures_plan_role_idx').on(t.planId, t.role)],
);

export const treatmentPlanComments = pgTable(
  'treatment_plan_comments',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => treatmentPlans.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('treatment_plan_comments_plan_idx').on(t.planId)],
);

export const treatmentPlanProgress = pgTable(
  'treatment_plan_progress',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => treatmentPlans.id),
    goalId: text('goal_id').notNull(),
    progress: text('progress').$type<GoalProgress>().notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('treatment_plan_progress_plan_idx').on(t.planId, t.goalId, t.recordedAt)],
);
