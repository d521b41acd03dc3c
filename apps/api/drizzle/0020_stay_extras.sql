CREATE TYPE "public"."stay_extra_count" AS ENUM('per_stay', 'per_night', 'per_guest_night', 'per_trip');--> statement-breakpoint
CREATE TABLE "reservation_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"extra_id" integer,
	"name" jsonb NOT NULL,
	"counts" "stay_extra_count" NOT NULL,
	"quantity" integer NOT NULL,
	"times" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "reservation_extras_amounts" CHECK ("reservation_extras"."quantity" > 0 AND "reservation_extras"."times" > 0 AND "reservation_extras"."unit_price" > 0 AND "reservation_extras"."total" = "reservation_extras"."unit_price" * "reservation_extras"."quantity" * "reservation_extras"."times")
);
--> statement-breakpoint
CREATE TABLE "stay_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"price" integer NOT NULL,
	"counts" "stay_extra_count" NOT NULL,
	"image" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"room_ids" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_extras_price_positive" CHECK ("stay_extras"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "reservation_extras" ADD CONSTRAINT "reservation_extras_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_extras" ADD CONSTRAINT "reservation_extras_extra_id_stay_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."stay_extras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_extras_reservation_idx" ON "reservation_extras" USING btree ("reservation_id");