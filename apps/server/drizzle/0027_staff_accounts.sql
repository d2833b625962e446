-- Practice set-up, staff (issue 16 item 1). Hand-written. Staff accounts get their status (spec-1
-- §3 User account status values) and when the person first set a password; accounts that exist
-- already are ENABLED and activated (DISABLED where they were inactive). Therapists get the
-- fields claims and charting need; emailed activation and reset links are kept as hashes only.
ALTER TABLE "users" ADD COLUMN "account_status" text DEFAULT 'ENABLED' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
UPDATE "users" SET "activated_at" = "created_at";
--> statement-breakpoint
UPDATE "users" SET "account_status" = 'DISABLED' WHERE "active" = false AND "type" = 'staff';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_status_check" CHECK ("account_status" IN ('INITIAL', 'ACTIVATION_LINK_SENT', 'PASSWORD_RESET_LINK_SENT', 'PASSWORD_RESET_REQUIRED', 'ENABLED', 'DISABLED'));
--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "taxonomy_code" text;
--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "license_number" text;
--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "license_state" text;
--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "timezone" text;
--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "uses_charting" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "staff_account_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_account_links" ADD CONSTRAINT "staff_account_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "staff_account_links_user_idx" ON "staff_account_links" USING btree ("user_id");
