CREATE TYPE "public"."room_hold_kind" AS ENUM('reservation', 'block', 'import');--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"stay" daterange NOT NULL,
	"kind" "room_hold_kind" NOT NULL,
	"reservation_id" integer,
	"feed_id" integer,
	"uid" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_holds_stay_nonempty" CHECK (NOT isempty("room_holds"."stay")),
	CONSTRAINT "room_holds_kind_matches" CHECK (("room_holds"."kind" = 'reservation' AND "room_holds"."reservation_id" IS NOT NULL AND "room_holds"."feed_id" IS NULL)
        OR ("room_holds"."kind" = 'block' AND "room_holds"."reservation_id" IS NULL AND "room_holds"."feed_id" IS NULL)
        OR ("room_holds"."kind" = 'import' AND "room_holds"."reservation_id" IS NULL AND "room_holds"."feed_id" IS NOT NULL AND "room_holds"."uid" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "calendar_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_holds" ADD CONSTRAINT "room_holds_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_holds" ADD CONSTRAINT "room_holds_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_holds" ADD CONSTRAINT "room_holds_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_holds" ADD CONSTRAINT "room_holds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feeds_room_idx" ON "calendar_feeds" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_room_url_idx" ON "calendar_feeds" USING btree ("room_id","url");--> statement-breakpoint
CREATE INDEX "room_holds_room_idx" ON "room_holds" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_holds_reservation_idx" ON "room_holds" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_holds_feed_uid_idx" ON "room_holds" USING btree ("feed_id","uid");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
-- One guarantee against selling a night twice, whatever holds it: a reservation, a block for
-- repairs or a booking site's event (btree_gist, migration 0001, compares room_id with "=").
ALTER TABLE "room_holds" ADD CONSTRAINT "room_holds_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, "stay" WITH &&);
--> statement-breakpoint
-- A live reservation holds its nights; a cancelled one (or a no-show, which cancels) frees them.
-- Kept by the database so that no write path can forget it.
CREATE FUNCTION "reservations_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.canceled_at IS NOT NULL THEN
    DELETE FROM room_holds WHERE reservation_id = NEW.id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO room_holds (room_id, stay, kind, reservation_id) VALUES (NEW.room_id, NEW.stay, 'reservation', NEW.id);
  ELSE
    UPDATE room_holds SET room_id = NEW.room_id, stay = NEW.stay WHERE reservation_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_hold" AFTER INSERT OR UPDATE OF room_id, stay, canceled_at ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservations_hold"();
--> statement-breakpoint
INSERT INTO room_holds (room_id, stay, kind, reservation_id)
  SELECT room_id, stay, 'reservation', id FROM reservations WHERE canceled_at IS NULL;
--> statement-breakpoint
-- Every instance keeps what it shows current by listening: the rooms whose nights changed.
CREATE FUNCTION "room_holds_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('room_holds', json_build_object(
    'rooms', CASE
      WHEN TG_OP = 'INSERT' THEN json_build_array(NEW.room_id)
      WHEN TG_OP = 'DELETE' THEN json_build_array(OLD.room_id)
      WHEN OLD.room_id = NEW.room_id THEN json_build_array(NEW.room_id)
      ELSE json_build_array(OLD.room_id, NEW.room_id)
    END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "room_holds_notify" AFTER INSERT OR UPDATE OR DELETE ON "room_holds"
  FOR EACH ROW EXECUTE FUNCTION "room_holds_notify"();
--> statement-breakpoint
-- Rooms, amenities and their links: what the room list shows. The payload is empty: reload them.
CREATE FUNCTION "rooms_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rooms', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rooms_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rooms"
  FOR EACH STATEMENT EXECUTE FUNCTION "rooms_notify"();
--> statement-breakpoint
CREATE TRIGGER "conveniences_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "conveniences"
  FOR EACH STATEMENT EXECUTE FUNCTION "rooms_notify"();
--> statement-breakpoint
CREATE TRIGGER "room_conveniences_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "room_conveniences"
  FOR EACH STATEMENT EXECUTE FUNCTION "rooms_notify"();
--> statement-breakpoint
-- An order placed or moved on: the staff's board and the guest's page follow it live.
CREATE FUNCTION "orders_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('orders', json_build_object('id', NEW.id, 'userId', NEW.user_id, 'status', NEW.status)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_notify" AFTER INSERT OR UPDATE OF status ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_notify"();
--> statement-breakpoint
-- The menu (dishes and their categories): instances keep it in memory and reload it when told.
CREATE FUNCTION "menu_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('menu', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "menu_notify"();
--> statement-breakpoint
CREATE TRIGGER "categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "menu_notify"();
