-- Keyed seals on the audit chain's head (see src/db/schema/audit-checkpoints.ts).
CREATE TABLE "audit_checkpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"last_audit_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"row_count" bigint NOT NULL,
	"mac" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_checkpoints_last_audit_idx" ON "audit_checkpoints" USING btree ("last_audit_id","id");
--> statement-breakpoint
-- One refusal for both append-only tables, naming the table it guards.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_update BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
