CREATE TABLE "mail_recipient_days" (
	"recipient_hash" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_recipient_days_recipient_hash_day_pk" PRIMARY KEY("recipient_hash","day")
);
--> statement-breakpoint
CREATE TABLE "table_booking_counts" (
	"key_hash" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "table_booking_counts_key_hash_day_pk" PRIMARY KEY("key_hash","day")
);
--> statement-breakpoint
ALTER TABLE "table_reservations" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "table_reservations" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "table_reservations" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "table_reservations_confirm_token_idx" ON "table_reservations" USING btree ("confirm_token_hash");--> statement-breakpoint
-- Tables booked before the confirmation link existed keep holding their seats: their addresses count as confirmed.
UPDATE "table_reservations" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;
