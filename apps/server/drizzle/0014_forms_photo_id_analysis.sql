CREATE TABLE "client_form_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"form_definition_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by_user_id" integer,
	CONSTRAINT "client_form_assignments_status" CHECK ("client_form_assignments"."status" in ('pending', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "form_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "photo_id_analysis" jsonb;--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD CONSTRAINT "client_form_assignments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD CONSTRAINT "client_form_assignments_form_definition_id_form_definitions_id_fk" FOREIGN KEY ("form_definition_id") REFERENCES "public"."form_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD CONSTRAINT "client_form_assignments_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_definitions" ADD CONSTRAINT "form_definitions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_form_assignments_client_form_idx" ON "client_form_assignments" USING btree ("client_id","form_definition_id");--> statement-breakpoint
CREATE INDEX "client_form_assignments_form_idx" ON "client_form_assignments" USING btree ("form_definition_id");--> statement-breakpoint
CREATE INDEX "form_definitions_practice_idx" ON "form_definitions" USING btree ("practice_id","active","auto_assign");