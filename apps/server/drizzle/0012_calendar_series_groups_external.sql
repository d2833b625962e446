CREATE TABLE "calendar_versions" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"uid" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	CONSTRAINT "external_calendar_events_ends_after_start" CHECK ("external_calendar_events"."end_at" > "external_calendar_events"."start_at")
);
--> statement-breakpoint
CREATE TABLE "external_calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"calendar_key" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"color" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_sync_status" text DEFAULT 'never' NOT NULL,
	"last_sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_calendars_sync_status" CHECK ("external_calendars"."last_sync_status" in ('never', 'success', 'failure'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "telehealth_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "default_product_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "group_client_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_series" ADD COLUMN "interval_weeks" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_series" ADD COLUMN "until_date" date;--> statement-breakpoint
ALTER TABLE "calendar_versions" ADD CONSTRAINT "calendar_versions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_events" ADD CONSTRAINT "external_calendar_events_calendar_id_external_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_events" ADD CONSTRAINT "external_calendar_events_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_events" ADD CONSTRAINT "external_calendar_events_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_calendar_events_therapist_start_idx" ON "external_calendar_events" USING btree ("therapist_id","start_at");--> statement-breakpoint
CREATE INDEX "external_calendar_events_calendar_idx" ON "external_calendar_events" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "external_calendars_therapist_idx" ON "external_calendars" USING btree ("practice_id","therapist_id");--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_default_product_id_products_id_fk" FOREIGN KEY ("default_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_group_client_id_clients_id_fk" FOREIGN KEY ("group_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_series" ADD CONSTRAINT "calendar_series_interval" CHECK ("calendar_series"."interval_weeks" in (1, 2));