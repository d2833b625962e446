-- Card processors and saved cards (issue 19 items 5 and 6). A practice chooses its processors
-- (the local one for offline use, or Stripe); a processor serves every therapist or only those
-- listed (spec-2 §6 therapist-specific card processors). Cards are kept as the processor's
-- token with brand, last four digits and expiry: never a card number.
CREATE TABLE "card_processors" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	-- A Stripe connected account (acct_...); null: the platform's own account or the local processor.
	"account_ref" text,
	"all_therapists" boolean DEFAULT true NOT NULL,
	-- Shown on the set-up page: what the processor charges per payment.
	"fee_percent_bp" integer DEFAULT 0 NOT NULL,
	"fee_fixed_cents" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_processors_kind" CHECK ("kind" IN ('local', 'stripe')),
	CONSTRAINT "card_processors_fees" CHECK ("fee_percent_bp" BETWEEN 0 AND 10000 AND "fee_fixed_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "card_processors_practice_idx" ON "card_processors" ("practice_id");
--> statement-breakpoint
CREATE TABLE "card_processor_therapists" (
	"processor_id" integer NOT NULL REFERENCES "card_processors"("id") ON DELETE cascade,
	"therapist_id" integer NOT NULL REFERENCES "therapists"("id") ON DELETE cascade,
	PRIMARY KEY ("processor_id", "therapist_id")
);
--> statement-breakpoint
-- A client as the processor's customer, once per processor.
CREATE TABLE "card_customers" (
	"processor_id" integer NOT NULL REFERENCES "card_processors"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"customer_ref" text NOT NULL,
	PRIMARY KEY ("processor_id", "client_id")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"processor_id" integer NOT NULL REFERENCES "card_processors"("id"),
	"therapist_id" integer REFERENCES "therapists"("id") ON DELETE set null,
	"card_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "saved_cards_last4" CHECK ("last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_cards_expiry" CHECK ("exp_month" BETWEEN 1 AND 12 AND "exp_year" BETWEEN 2000 AND 2200)
);
--> statement-breakpoint
CREATE INDEX "saved_cards_client_idx" ON "saved_cards" ("client_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_ref_idx" ON "saved_cards" ("processor_id", "card_ref");
--> statement-breakpoint
-- One default card per client at most.
CREATE UNIQUE INDEX "saved_cards_default_idx" ON "saved_cards" ("client_id") WHERE "is_default" AND "deleted_at" IS NULL;
--> statement-breakpoint
-- Every card charge with OUR key: the same key is one charge (the processor is given the key
-- too, so a retry after a crash between its answer and our commit charges nothing new).
CREATE TABLE "card_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"processor_id" integer NOT NULL REFERENCES "card_processors"("id"),
	"saved_card_id" integer REFERENCES "saved_cards"("id"),
	"idempotency_key" text NOT NULL,
	"charge_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"payment_entry_id" integer NOT NULL REFERENCES "ledger_entries"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_charges_amounts" CHECK ("amount_cents" > 0 AND "refunded_cents" BETWEEN 0 AND "amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "card_charges_key_idx" ON "card_charges" ("practice_id", "idempotency_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "card_charges_ref_idx" ON "card_charges" ("processor_id", "charge_ref");
--> statement-breakpoint
-- Each processor event once: stored in the same transaction as its effect, so a second
-- delivery finds it and changes nothing.
CREATE TABLE "card_processor_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "card_processor_events_idx" ON "card_processor_events" ("kind", "event_id");
--> statement-breakpoint
-- The local processor's own vault (it stands in for a processor's servers): a token with
-- what a processor would tell us, and how the test card number behaves. Never the number.
CREATE TABLE "local_processor_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"customer_ref" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_processor_charges" (
	"ref" text PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"idempotency_key" text NOT NULL,
	"token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "local_processor_charges_key_idx" ON "local_processor_charges" ("practice_id", "idempotency_key");
