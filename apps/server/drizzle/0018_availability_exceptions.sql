CREATE TABLE "availability_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"location_id" integer,
	"start_time" time,
	"end_time" time,
	"online_scheduling" boolean DEFAULT false NOT NULL,
	"schedule_every" integer DEFAULT 60 NOT NULL,
	"in_person_enabled" boolean DEFAULT true NOT NULL,
	"teletherapy_enabled" boolean DEFAULT false NOT NULL,
	"note" text,
	CONSTRAINT "availability_exceptions_kind" CHECK ("availability_exceptions"."kind" in ('off', 'extra')),
	CONSTRAINT "availability_exceptions_hours" CHECK ("availability_exceptions"."kind" = 'off' or ("availability_exceptions"."start_time" is not null and "availability_exceptions"."end_time" > "availability_exceptions"."start_time")),
	CONSTRAINT "availability_exceptions_schedule_every" CHECK ("availability_exceptions"."schedule_every" > 0)
);
--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_therapist_idx" ON "availability_exceptions" USING btree ("practice_id","therapist_id","date");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER availability_exceptions_bump_calendar_version
  AFTER INSERT OR UPDATE OR DELETE ON availability_exceptions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version();
