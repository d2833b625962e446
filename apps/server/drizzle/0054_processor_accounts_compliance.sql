-- A practice connects its own Stripe account from the set-up page (issue 19 item 6). The
-- publishable key is public by design (it goes to the browser); the secret key and the webhook
-- signing secret are kept sealed (platform/secret-box.ts: AES-256-GCM under a key that lives
-- outside the database, the processor's id authenticated with the text), never answered.
ALTER TABLE "card_processors" ADD COLUMN "publishable_key" text;
--> statement-breakpoint
ALTER TABLE "card_processors" ADD COLUMN "secret_key_sealed" text;
--> statement-breakpoint
ALTER TABLE "card_processors" ADD COLUMN "webhook_secret_sealed" text;
--> statement-breakpoint
-- What Stripe said of the account when the keys were checked: shown so the owner sees which
-- account (and whether test or live) the practice's money goes to.
ALTER TABLE "card_processors" ADD COLUMN "account_label" text;
--> statement-breakpoint
ALTER TABLE "card_processors" ADD COLUMN "live_mode" boolean;
--> statement-breakpoint
ALTER TABLE "card_processors" ADD COLUMN "connected_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "card_processors" ADD COLUMN "connected_by" integer REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
-- Keys come as a set: a secret key without its publishable key would make a page that cannot
-- show Stripe's card fields.
ALTER TABLE "card_processors" ADD CONSTRAINT "card_processors_keys" CHECK (
  ("secret_key_sealed" IS NULL) = ("publishable_key" IS NULL) AND
  ("secret_key_sealed" IS NULL OR "kind" = 'stripe'));
--> statement-breakpoint
-- The card-security self-assessment (PCI DSS SAQ A style) per processor. Each submission is a
-- new row, never changed: the latest is the practice's current answer, the earlier ones show
-- who answered what and when (an acquirer may ask for the history).
CREATE TABLE "card_processor_compliance" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"processor_id" integer NOT NULL REFERENCES "card_processors"("id") ON DELETE cascade,
	-- Which questionnaire the answers belong to, so a new edition does not misread old rows.
	"questionnaire" text NOT NULL,
	"answers" jsonb NOT NULL,
	"attested_name" text NOT NULL,
	"attested_title" text NOT NULL,
	"answered_by" integer REFERENCES "users"("id") ON DELETE set null,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "card_processor_compliance_processor_idx"
  ON "card_processor_compliance" ("processor_id", "answered_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TRIGGER card_processor_compliance_no_update BEFORE UPDATE ON card_processor_compliance
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
