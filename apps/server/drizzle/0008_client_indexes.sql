DROP INDEX "client_therapists_therapist_idx";--> statement-breakpoint
DROP INDEX "clients_custom_id_idx";--> statement-breakpoint
CREATE INDEX "clients_portal_user_idx" ON "clients" USING btree ("portal_user_id");--> statement-breakpoint
CREATE INDEX "client_therapists_therapist_idx" ON "client_therapists" USING btree ("therapist_id","status","client_id");--> statement-breakpoint
CREATE INDEX "clients_custom_id_idx" ON "clients" USING btree ("practice_id",lower("custom_searchable_id"));