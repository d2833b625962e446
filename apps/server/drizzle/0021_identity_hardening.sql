-- Support access to a practice user: who, whom, where, why, and until when (60 minutes).
CREATE TABLE "impersonations" (
	"id" serial PRIMARY KEY NOT NULL,
	"support_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"impersonated_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"reason" text NOT NULL CHECK (char_length("reason") BETWEEN 1 AND 500),
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CHECK ("ends_at" > "started_at")
);--> statement-breakpoint
CREATE INDEX "impersonations_practice_idx" ON "impersonations" ("practice_id", "started_at");--> statement-breakpoint
CREATE INDEX "impersonations_support_user_idx" ON "impersonations" ("support_user_id", "started_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonation_id" integer REFERENCES "impersonations"("id") ON DELETE set null;--> statement-breakpoint
-- Failed sign-ins per client address in a fixed 15-minute window (the address brake).
CREATE TABLE "sign_in_address_failures" (
	"address" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "sign_in_address_failures_window_idx" ON "sign_in_address_failures" ("window_started_at");--> statement-breakpoint
-- Failed sign-ins from a browser that has signed in as the user before, counted apart from strangers'.
CREATE TABLE "sign_in_device_failures" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"device_id" text NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"login_lock_expiration" timestamp with time zone,
	"last_failed_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "device_id")
);--> statement-breakpoint
CREATE INDEX "sign_in_device_failures_last_idx" ON "sign_in_device_failures" ("last_failed_at");
