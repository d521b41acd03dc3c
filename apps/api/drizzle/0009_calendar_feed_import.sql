ALTER TABLE "calendar_feeds" ADD COLUMN "last_error_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "skipped" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL;