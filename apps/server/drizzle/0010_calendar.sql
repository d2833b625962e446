CREATE TABLE "availability_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"span_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"location_id" integer,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"online_scheduling" boolean DEFAULT false NOT NULL,
	"schedule_every" integer DEFAULT 60 NOT NULL,
	"in_person_enabled" boolean DEFAULT true NOT NULL,
	"teletherapy_enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "availability_days_day_of_week" CHECK ("availability_days"."day_of_week" between 0 and 6),
	CONSTRAINT "availability_days_times" CHECK ("availability_days"."end_time" > "availability_days"."start_time"),
	CONSTRAINT "availability_days_schedule_every" CHECK ("availability_days"."schedule_every" > 0)
);
--> statement-breakpoint
CREATE TABLE "availability_spans" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"span_from" date,
	"span_to" date
);
--> statement-breakpoint
CREATE TABLE "calendar_event_attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"product_id" integer,
	"attended" boolean,
	"no_show" boolean DEFAULT false NOT NULL,
	"checked_in_at" timestamp with time zone,
	"account_invoice_id" integer
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"location_id" integer,
	"is_telehealth" boolean DEFAULT false NOT NULL,
	"telehealth_pos" text,
	"series_id" integer,
	"allow_double_booking" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer,
	"cancel_reason" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_type" CHECK ("calendar_events"."type" in ('appointment', 'meeting', 'out_of_office', 'holiday')),
	CONSTRAINT "calendar_events_ends_after_start" CHECK ("calendar_events"."end_at" > "calendar_events"."start_at"),
	CONSTRAINT "calendar_events_telehealth_pos" CHECK ("calendar_events"."telehealth_pos" is null or "calendar_events"."telehealth_pos" in ('02', '10', '11'))
);
--> statement-breakpoint
CREATE TABLE "calendar_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"rule" text DEFAULT 'weekly' NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "calendar_series_rule" CHECK ("calendar_series"."rule" in ('weekly')),
	CONSTRAINT "calendar_series_occurrences" CHECK ("calendar_series"."occurrences" between 1 and 52)
);
--> statement-breakpoint
ALTER TABLE "availability_days" ADD CONSTRAINT "availability_days_span_id_availability_spans_id_fk" FOREIGN KEY ("span_id") REFERENCES "public"."availability_spans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_days" ADD CONSTRAINT "availability_days_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_spans" ADD CONSTRAINT "availability_spans_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_spans" ADD CONSTRAINT "availability_spans_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_series_id_calendar_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."calendar_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_series" ADD CONSTRAINT "calendar_series_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_days_span_idx" ON "availability_days" USING btree ("span_id");--> statement-breakpoint
CREATE INDEX "availability_spans_therapist_idx" ON "availability_spans" USING btree ("practice_id","therapist_id");--> statement-breakpoint
CREATE INDEX "calendar_event_attendees_event_idx" ON "calendar_event_attendees" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "calendar_event_attendees_client_idx" ON "calendar_event_attendees" USING btree ("client_id","event_id");--> statement-breakpoint
CREATE INDEX "calendar_events_therapist_start_idx" ON "calendar_events" USING btree ("practice_id","therapist_id","start_at");--> statement-breakpoint
CREATE INDEX "calendar_events_series_idx" ON "calendar_events" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "calendar_events_window_idx" ON "calendar_events" USING gist ("therapist_id",tstzrange("start_at", "end_at"));