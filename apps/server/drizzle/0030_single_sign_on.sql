-- Single sign-on (issue 16 item 7): a practice's OpenID Connect provider, the email domains that
-- sign in through it (each domain belongs to one practice), and the sign-ins waiting for the
-- provider to answer (single use, bound to the browser that started them). Hand-written.
CREATE TABLE "practice_sso" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"require_for_staff" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "practice_sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sign_in_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"practice_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_sign_in_flows_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "practice_sso" ADD CONSTRAINT "practice_sso_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "practice_sso" ADD CONSTRAINT "practice_sso_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "practice_sso_domains" ADD CONSTRAINT "practice_sso_domains_practice_id_practice_sso_practice_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practice_sso"("practice_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_sign_in_flows" ADD CONSTRAINT "sso_sign_in_flows_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "practice_sso_domains_practice_idx" ON "practice_sso_domains" USING btree ("practice_id");
--> statement-breakpoint
CREATE INDEX "sso_sign_in_flows_expires_idx" ON "sso_sign_in_flows" USING btree ("expires_at");
