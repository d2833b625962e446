-- ERA 835 posting (issue 20 item 7). Hand-written. An 835 received (uploaded by hand now, fetched
-- from the clearinghouse later) is kept whole: the raw text is the payer's word and the only
-- way to re-read it (PHI: never logged). Each claim it pays is posted once under its key
-- (docs/claims-api.md: TRN02|payer|CLP01|adjudication or reversal|CLP07), each PLB amount
-- under its own; the unique index is what makes the same ERA, uploaded twice at once, post once.
CREATE TABLE "era_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"received_at" timestamp with time zone NOT NULL,
	"uploaded_by" integer REFERENCES "users"("id") ON DELETE set null,
	"raw_text" text NOT NULL,
	-- TRN02 (the check or EFT number) and the payer (REF*2U, else TRN03), of the first ST.
	"trace_number" text NOT NULL,
	"payer_id" text NOT NULL,
	"payer_name" text NOT NULL,
	-- BPR02 summed over the file's transactions (a debit negative).
	"total_paid_cents" integer NOT NULL,
	"payment_date" date,
	-- posted: everything in it posted (or had been); problem: something waits for a person.
	"status" text NOT NULL CHECK ("status" IN ('posted', 'problem')),
	-- What the upload answered, so a later upload of the same file can answer it again.
	"file_name" text,
	"claims_posted" integer NOT NULL DEFAULT 0,
	-- The same file uploaded again answers the first upload instead of storing it twice.
	"text_sha256" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "era_files_sha_idx" ON "era_files" USING btree ("practice_id", "text_sha256");
--> statement-breakpoint
CREATE INDEX "era_files_practice_idx" ON "era_files" USING btree ("practice_id", "received_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "era_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"era_file_id" integer NOT NULL REFERENCES "era_files"("id") ON DELETE cascade,
	"posting_key" text NOT NULL,
	-- Null for a PLB amount (a practice-level entry, not a client's).
	"claim_id" integer REFERENCES "claims"("id") ON DELETE cascade,
	"client_id" integer REFERENCES "clients"("id") ON DELETE cascade,
	"patient_control_number" text,
	"payer_claim_number" text,
	"kind" text NOT NULL CHECK ("kind" IN ('payment', 'denial', 'reversal', 'providerAdjustment')),
	"reverses_key" text,
	"paid_cents" integer NOT NULL,
	"contractual_cents" integer NOT NULL DEFAULT 0,
	"patient_responsibility_cents" integer NOT NULL DEFAULT 0,
	"other_adjustment_cents" integer NOT NULL DEFAULT 0,
	"denied_cents" integer NOT NULL DEFAULT 0,
	-- The domain's entries (era-entries.ts) as planned, and the ledger rows they became.
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ledger_entry_ids" integer[] DEFAULT '{}' NOT NULL,
	"client_balance_cents" integer,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "era_postings_key" UNIQUE ("practice_id", "posting_key")
);
--> statement-breakpoint
CREATE INDEX "era_postings_file_idx" ON "era_postings" USING btree ("era_file_id");
--> statement-breakpoint
CREATE INDEX "era_postings_claim_idx" ON "era_postings" USING btree ("claim_id");
--> statement-breakpoint
-- What did not balance or match, for the problemERA list until a person resolves it.
CREATE TABLE "era_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"era_file_id" integer NOT NULL REFERENCES "era_files"("id") ON DELETE cascade,
	"claim_id" integer REFERENCES "claims"("id") ON DELETE set null,
	"patient_control_number" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "era_problems_open_idx" ON "era_problems" USING btree ("practice_id", "created_at" DESC, "id" DESC) WHERE "resolved_at" IS NULL;
