import {
  CARD_COMPLIANCE_QUESTIONNAIRE,
  checkComplianceAnswers,
  complianceInPlace,
  type ComplianceAnswer,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { sealSecret } from '../../platform/secret-box.ts';
import { asking, CARD_SERVICE_MESSAGES } from './cards-service.ts';
import { processorById } from './cards-store.ts';
import { SECRET_PURPOSE, secretContext, stripeApiUrl } from './processors/index.ts';
import { checkStripeAccount } from './processors/stripe.ts';

/**
 * Setting up card processing (issue 19 item 6): a practice's own Stripe account, connected
 * with its keys, and the card-security questions a processor asks. The keys are checked with
 * Stripe before anything is kept, and kept sealed; what may be audited never holds a secret.
 */

type SetupContext = { practiceId: number; userId: number; now: Date; key: Buffer };

export type ConnectStripeInput = {
  processorId?: number | undefined;
  name: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  feePercentBp: number;
  feeFixedCents: number;
};

/** Answers the processor's id and what the audit row may say. */
export async function connectStripe(
  db: Db,
  ctx: SetupContext,
  input: ConnectStripeInput,
): Promise<{ processorId: number; detail: Record<string, unknown> }> {
  if (input.processorId !== undefined) {
    const existing = await processorById(db, ctx.practiceId, input.processorId);
    if (!existing) throw notFound(CARD_SERVICE_MESSAGES.noProcessor);
    if (existing.kind !== 'stripe')
      throw badRequest('Only a Stripe processor can be connected to Stripe.', 'processorId');
  }
  // A real call with the keys: a refused key leaves nothing kept and nothing changed.
  const account = await asking(() =>
    checkStripeAccount({
      secretKey: input.secretKey,
      publishableKey: input.publishableKey,
      webhookSecret: input.webhookSecret,
      apiUrl: stripeApiUrl(),
    }),
  );
  let processorId = input.processorId;
  if (processorId === undefined) {
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`insert into card_processors (practice_id, kind, name, fee_percent_bp, fee_fixed_cents)
          values (${ctx.practiceId}, 'stripe', ${input.name}, ${input.feePercentBp},
            ${input.feeFixedCents})
          returning id`,
    );
    if (!row) throw new Error('the processor was not created');
    processorId = row.id;
  }
  const context = secretContext({ practiceId: ctx.practiceId, processorId });
  await db.execute(sql`update card_processors set name = ${input.name},
      fee_percent_bp = ${input.feePercentBp}, fee_fixed_cents = ${input.feeFixedCents},
      account_ref = null, publishable_key = ${input.publishableKey},
      secret_key_sealed = ${sealSecret(ctx.key, SECRET_PURPOSE.secretKey, context, input.secretKey)},
      webhook_secret_sealed = ${sealSecret(ctx.key, SECRET_PURPOSE.webhookSecret, context, input.webhookSecret)},
      account_label = ${account.label}, live_mode = ${account.liveMode},
      connected_at = ${ctx.now}, connected_by = ${ctx.userId}
    where id = ${processorId} and practice_id = ${ctx.practiceId}`);
  return {
    processorId,
    detail: {
      processorId,
      created: input.processorId === undefined,
      account: account.accountId,
      liveMode: account.liveMode,
      keysChanged: true,
    },
  };
}

type ComplianceRow = {
  answers: Record<string, ComplianceAnswer>;
  attestedName: string;
  attestedTitle: string;
  answeredBy: string | null;
  answeredAt: Date;
};

const withStatus = (row: ComplianceRow) => ({ ...row, inPlace: complianceInPlace(row.answers) });

/** Every submission for one processor, newest first (the first is the current answer). */
export async function complianceHistory(db: Db, practiceId: number, processorId: number) {
  const rows = await rowsOf<ComplianceRow>(
    db,
    sql`select a.answers, a.attested_name as "attestedName", a.attested_title as "attestedTitle",
          nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
            as "answeredBy",
          a.answered_at as "answeredAt"
        from card_processor_compliance a left join users u on u.id = a.answered_by
        where a.practice_id = ${practiceId} and a.processor_id = ${processorId}
          and a.questionnaire = ${CARD_COMPLIANCE_QUESTIONNAIRE}
        order by a.answered_at desc, a.id desc`,
  );
  return rows.map(withStatus);
}

/** Keeps one submission; the questions' own rules decide what is a complete answer. */
export async function saveCompliance(
  db: Db,
  ctx: SetupContext,
  input: {
    processorId: number;
    answers: Record<string, ComplianceAnswer>;
    attestedName: string;
    attestedTitle: string;
  },
) {
  const processor = await processorById(db, ctx.practiceId, input.processorId);
  if (!processor) throw notFound(CARD_SERVICE_MESSAGES.noProcessor);
  const checked = checkComplianceAnswers(input.answers);
  if (!checked.ok) throw badRequest(checked.message, `answers.${checked.question}`);
  await db.execute(sql`insert into card_processor_compliance (practice_id, processor_id,
        questionnaire, answers, attested_name, attested_title, answered_by, answered_at)
      values (${ctx.practiceId}, ${input.processorId}, ${CARD_COMPLIANCE_QUESTIONNAIRE},
        ${JSON.stringify(input.answers)}::jsonb, ${input.attestedName}, ${input.attestedTitle},
        ${ctx.userId}, ${ctx.now})`);
  const [latest] = await complianceHistory(db, ctx.practiceId, input.processorId);
  if (!latest) throw new Error('the answers just kept are missing');
  return latest;
}
