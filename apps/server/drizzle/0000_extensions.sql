-- Extensions first: trigram search on names and GiST exclusion for calendar overlaps.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
