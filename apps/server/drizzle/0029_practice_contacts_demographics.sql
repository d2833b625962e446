-- Practice set-up (issue 16): practice information and logo on the practice, outside contacts
-- with their kind, address and NPI, and demographic fields with a type, options and order
-- (custom fields are the practice's own). Hand-written; no data is lost: existing contacts
-- become 'other' and existing demographic fields free text.
ALTER TABLE "practices" ADD COLUMN "legal_name" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "tin" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "npi" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "address_line1" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "address_line2" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "city" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "state" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "zipcode" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "logo_banner_key" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "logo_icon_key" text;
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "logo_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "phone2" text;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "address_line1" text;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "address_line2" text;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "city" text;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "state" text;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "zipcode" text;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "npi" text;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "notes" text;
--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The contacts list reads one practice's contacts by state, in name order.
DROP INDEX IF EXISTS "practice_contacts_practice_idx";
--> statement-breakpoint
CREATE INDEX "practice_contacts_practice_idx" ON "practice_contacts" USING btree ("practice_id","active","name");
--> statement-breakpoint
ALTER TABLE "practice_demographic_settings" ADD COLUMN "field_type" text DEFAULT 'text' NOT NULL;
--> statement-breakpoint
ALTER TABLE "practice_demographic_settings" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "practice_demographic_settings" ADD COLUMN "custom" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "practice_demographic_settings" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;
