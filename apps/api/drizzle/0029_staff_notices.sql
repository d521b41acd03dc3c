CREATE TYPE "public"."notice_channel" AS ENUM('email', 'telegram');--> statement-breakpoint
CREATE TYPE "public"."notice_delivery_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."notice_kind" AS ENUM('booking', 'cancellation', 'table', 'calendar_conflict', 'order', 'refund_failed');--> statement-breakpoint
CREATE TABLE "staff_notice_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" "notice_channel" NOT NULL,
	"status" "notice_delivery_status" DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "staff_notice_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"telegram" boolean DEFAULT true NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"telegram_chat_id" text,
	"telegram_code_hash" text,
	"telegram_code_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "notice_kind" NOT NULL,
	"facts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_notice_deliveries" ADD CONSTRAINT "staff_notice_deliveries_notice_id_staff_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."staff_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notice_deliveries" ADD CONSTRAINT "staff_notice_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notice_settings" ADD CONSTRAINT "staff_notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notice_deliveries_once_key" ON "staff_notice_deliveries" USING btree ("notice_id","user_id","channel");--> statement-breakpoint
CREATE INDEX "staff_notice_deliveries_due_idx" ON "staff_notice_deliveries" USING btree ("due_at") WHERE "staff_notice_deliveries"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notice_settings_code_key" ON "staff_notice_settings" USING btree ("telegram_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notice_settings_chat_key" ON "staff_notice_settings" USING btree ("telegram_chat_id");