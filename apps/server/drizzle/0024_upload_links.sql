-- Upload links (issue 13, finding 11): each signed upload address is a row, used at most once
-- and for 15 minutes, naming whom it was issued to. An upload not made by the staff user the link
-- was issued to is kept as a version for staff to accept or reject.
CREATE TABLE "upload_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"kind" text NOT NULL CHECK ("kind" IN ('photo_id', 'insurance_card')),
	"insurance_id" integer REFERENCES "client_insurances"("id") ON DELETE cascade,
	"file_key" text NOT NULL UNIQUE,
	"issued_to_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"issued_as" text NOT NULL CHECK ("issued_as" IN ('staff', 'client')),
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"used_with_session" boolean,
	"review" text CHECK ("review" IN ('pending', 'accepted', 'rejected', 'superseded')),
	"reviewed_at" timestamp with time zone,
	"reviewed_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	CHECK ("expires_at" > "issued_at"),
	CHECK (("kind" = 'insurance_card') = ("insurance_id" IS NOT NULL)),
	CHECK ("review" IS NULL OR "used_at" IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX "upload_links_pending_idx" ON "upload_links" ("client_id", "kind") WHERE "review" = 'pending';--> statement-breakpoint
CREATE INDEX "upload_links_expires_idx" ON "upload_links" ("expires_at") WHERE "used_at" IS NULL;
