-- Email monitoring (spec-1 §3 Email suppression, §7): each practice's list of
-- addresses mail is never sent to, and the email log's kind of message.
CREATE TABLE "email_suppressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text DEFAULT 'COMPLAINT' NOT NULL,
	"added_by_user_id" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_reason_check" CHECK ("email_suppressions"."reason" IN ('COMPLAINT', 'BOUNCE', 'UNSUBSCRIBE', 'MANUAL')),
	CONSTRAINT "email_suppressions_email_check" CHECK (char_length("email_suppressions"."email") BETWEEN 3 AND 254)
);
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One entry per address and practice, whatever its letter case.
CREATE UNIQUE INDEX "email_suppressions_practice_email_idx" ON "email_suppressions" USING btree ("practice_id", lower("email"));--> statement-breakpoint
-- What the message was (portal invitation, booking confirmation, ...); null for older rows.
ALTER TABLE "outbound_emails" ADD COLUMN "kind" text;--> statement-breakpoint
-- Searching the log by address.
CREATE INDEX "outbound_emails_practice_recipient_idx" ON "outbound_emails" USING btree ("practice_id", lower("recipient"));
