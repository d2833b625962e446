-- Printing a client's records (issue 17 item 10): the jobs that make the PDFs in the background
-- and the PDFs they made, each downloaded once through its own link before it expires. The job
-- keeps the records it was asked for (note ids and versions, appointment ids), so what is printed
-- is what the disclosure in the audit log says. Hand-written.
CREATE TABLE "print_record_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"requested_by_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"patient_ids" integer[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"request" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "print_record_jobs_status" CHECK ("status" in ('pending', 'complete', 'failed')),
	CONSTRAINT "print_record_jobs_progress" CHECK ("progress" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX "print_record_jobs_requester_idx" ON "print_record_jobs" ("practice_id", "requested_by_user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "print_record_jobs_pending_idx" ON "print_record_jobs" ("id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE "print_record_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL REFERENCES "print_record_jobs"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"record_types" text[] NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"token_nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"downloaded_at" timestamp with time zone,
	"downloaded_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"removed_at" timestamp with time zone,
	CONSTRAINT "print_record_files_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
CREATE INDEX "print_record_files_job_idx" ON "print_record_files" ("job_id", "id");
--> statement-breakpoint
CREATE INDEX "print_record_files_kept_idx" ON "print_record_files" ("expires_at") WHERE "removed_at" is null;
