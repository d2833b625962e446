CREATE TABLE "outbound_faxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer,
	"contact_id" integer,
	"fax_number" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"pdf_key" text,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbound_faxes" ADD CONSTRAINT "outbound_faxes_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_faxes" ADD CONSTRAINT "outbound_faxes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_faxes" ADD CONSTRAINT "outbound_faxes_contact_id_practice_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."practice_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_faxes_practice_idx" ON "outbound_faxes" USING btree ("practice_id","created_at");