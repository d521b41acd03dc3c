CREATE TABLE "room_price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"first_night" date NOT NULL,
	"last_night" date NOT NULL,
	"weekdays" integer[] NOT NULL,
	"price" integer NOT NULL,
	"extra_price" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_price_rules_range" CHECK ("room_price_rules"."last_night" >= "room_price_rules"."first_night"),
	CONSTRAINT "room_price_rules_price_positive" CHECK ("room_price_rules"."price" > 0 AND ("room_price_rules"."extra_price" IS NULL OR "room_price_rules"."extra_price" > 0)),
	CONSTRAINT "room_price_rules_weekdays" CHECK (cardinality("room_price_rules"."weekdays") BETWEEN 1 AND 7 AND "room_price_rules"."weekdays" <@ ARRAY[1,2,3,4,5,6,7])
);
--> statement-breakpoint
CREATE TABLE "room_stay_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"first_night" date NOT NULL,
	"last_night" date NOT NULL,
	"weekdays" integer[] NOT NULL,
	"min_nights" integer,
	"closed_to_arrival" boolean DEFAULT false NOT NULL,
	"closed_to_departure" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_stay_rules_range" CHECK ("room_stay_rules"."last_night" >= "room_stay_rules"."first_night"),
	CONSTRAINT "room_stay_rules_min_nights" CHECK ("room_stay_rules"."min_nights" IS NULL OR "room_stay_rules"."min_nights" > 0),
	CONSTRAINT "room_stay_rules_weekdays" CHECK (cardinality("room_stay_rules"."weekdays") BETWEEN 1 AND 7 AND "room_stay_rules"."weekdays" <@ ARRAY[1,2,3,4,5,6,7])
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "night_prices" integer[];--> statement-breakpoint
ALTER TABLE "room_price_rules" ADD CONSTRAINT "room_price_rules_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_price_rules" ADD CONSTRAINT "room_price_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stay_rules" ADD CONSTRAINT "room_stay_rules_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stay_rules" ADD CONSTRAINT "room_stay_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_price_rules_room_idx" ON "room_price_rules" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "room_stay_rules_room_idx" ON "room_stay_rules" USING btree ("room_id");--> statement-breakpoint
-- hand-written
-- Prices by date and stay rules belong to the `rooms` data family (docs/caching.md): every change
-- is announced like a change of the rooms themselves, so the rooms in memory and every cache keyed
-- on the family follow.
CREATE TRIGGER "room_price_rules_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "room_price_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "rooms_notify"();
--> statement-breakpoint
CREATE TRIGGER "room_stay_rules_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "room_stay_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "rooms_notify"();
