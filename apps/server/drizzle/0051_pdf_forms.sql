-- PDF forms (issue 18 item 3): a version made from a practice's fillable PDF keeps the stored
-- (inert) file and its fields by name; a completed response keeps its filled, flattened copy
-- in a table of its own, written once (signed responses themselves are never changed).
ALTER TABLE "form_definition_versions" ADD COLUMN "pdf_file_key" text;--> statement-breakpoint
ALTER TABLE "form_definition_versions" ADD COLUMN "pdf_fields" jsonb;--> statement-breakpoint
CREATE TABLE "form_response_pdfs" (
  "id" serial PRIMARY KEY NOT NULL,
  "practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE CASCADE,
  "response_id" integer NOT NULL REFERENCES "form_responses"("id") ON DELETE CASCADE,
  "storage_key" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "form_response_pdfs_response_idx" ON "form_response_pdfs" ("response_id");
