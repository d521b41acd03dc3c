CREATE TYPE "public"."table_source" AS ENUM('site', 'phone', 'walk_in');--> statement-breakpoint
CREATE TYPE "public"."table_status" AS ENUM('requested', 'confirmed', 'seated', 'no_show', 'cancelled');--> statement-breakpoint
CREATE TABLE "restaurant_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"covers" integer DEFAULT 40 NOT NULL,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_settings_one_row" CHECK ("restaurant_settings"."id" = 1),
	CONSTRAINT "restaurant_settings_covers_positive" CHECK ("restaurant_settings"."covers" > 0)
);
--> statement-breakpoint
CREATE TABLE "table_days" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"day" date NOT NULL,
	"start_minute" integer NOT NULL,
	"party" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text,
	"wishes" text DEFAULT '' NOT NULL,
	"status" "table_status" DEFAULT 'requested' NOT NULL,
	"source" "table_source" DEFAULT 'site' NOT NULL,
	"language" "language" DEFAULT 'ru' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_reservations_party" CHECK ("table_reservations"."party" BETWEEN 1 AND 12),
	CONSTRAINT "table_reservations_start" CHECK ("table_reservations"."start_minute" BETWEEN 0 AND 1439 AND "table_reservations"."start_minute" % 15 = 0)
);
--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD CONSTRAINT "restaurant_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_reservations" ADD CONSTRAINT "table_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_reservations" ADD CONSTRAINT "table_reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_reservations_day_idx" ON "table_reservations" USING btree ("day","start_minute");--> statement-breakpoint
CREATE INDEX "table_reservations_user_idx" ON "table_reservations" USING btree ("user_id");