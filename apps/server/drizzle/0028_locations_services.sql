-- Practice set-up (issue 16 items 2 and 3): a location's phone, place of service and closing
-- date; one active service per CPT code; fee schedules per payer; the services each therapist
-- offers.
ALTER TABLE "locations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "place_of_service_code" text DEFAULT '11' NOT NULL;--> statement-breakpoint
-- The first day (in the practice's zone) nothing may be booked at the location; null while open.
ALTER TABLE "locations" ADD COLUMN "closes_on" date;--> statement-breakpoint
CREATE UNIQUE INDEX "products_practice_active_cpt_idx" ON "products" USING btree ("practice_id", "cpt_code") WHERE "products"."active";--> statement-breakpoint
CREATE TABLE "product_payer_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"practice_insurance_id" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_payer_fees_fee_not_negative" CHECK ("product_payer_fees"."fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_payer_fees" ADD CONSTRAINT "product_payer_fees_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_payer_fees" ADD CONSTRAINT "product_payer_fees_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_payer_fees" ADD CONSTRAINT "product_payer_fees_practice_insurance_id_practice_insurances_id_fk" FOREIGN KEY ("practice_insurance_id") REFERENCES "public"."practice_insurances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_payer_fees_payer_product_idx" ON "product_payer_fees" USING btree ("practice_insurance_id", "product_id");--> statement-breakpoint
CREATE INDEX "product_payer_fees_practice_idx" ON "product_payer_fees" USING btree ("practice_id");--> statement-breakpoint
CREATE TABLE "therapist_products" (
	"practice_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"product_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "therapist_products" ADD CONSTRAINT "therapist_products_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_products" ADD CONSTRAINT "therapist_products_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_products" ADD CONSTRAINT "therapist_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "therapist_products_pair_idx" ON "therapist_products" USING btree ("therapist_id", "product_id");--> statement-breakpoint
CREATE INDEX "therapist_products_practice_idx" ON "therapist_products" USING btree ("practice_id");
