CREATE TABLE "room_housekeeping" (
	"room_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'clean' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"block_id" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_housekeeping_state" CHECK ("room_housekeeping"."state" IN ('clean', 'dirty', 'inspected', 'out_of_order'))
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "status" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "room_housekeeping" ADD CONSTRAINT "room_housekeeping_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_housekeeping" ADD CONSTRAINT "room_housekeeping_block_id_room_holds_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."room_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_housekeeping" ADD CONSTRAINT "room_housekeeping_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_in_house_idx" ON "reservations" USING btree ("status") WHERE "reservations"."status" = 'checked_in';--> statement-breakpoint
-- A stay's status so far lived in its timestamps: a no-show (which also cancels) and a cancellation.
UPDATE "reservations" SET "status" = CASE WHEN "no_show_at" IS NOT NULL THEN 'no_show' WHEN "canceled_at" IS NOT NULL THEN 'cancelled' ELSE 'booked' END;--> statement-breakpoint
-- The desk and housekeeping screens of every instance hear a stay's change of status or room and
-- a room's change of state (issue 45; docs/decisions/054-stay-life.md): the payload names the room.
CREATE FUNCTION "front_desk_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('front_desk', json_build_object('room_id', OLD.room_id)::text);
  ELSE
    PERFORM pg_notify('front_desk', json_build_object('room_id', NEW.room_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reservations_front_desk" AFTER INSERT OR UPDATE OF status, room_id, stay ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "front_desk_notify"();
--> statement-breakpoint
CREATE TRIGGER "room_housekeeping_front_desk" AFTER INSERT OR UPDATE OR DELETE ON "room_housekeeping"
  FOR EACH ROW EXECUTE FUNCTION "front_desk_notify"();
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status" CHECK ("reservations"."status" IN ('booked', 'checked_in', 'checked_out', 'cancelled', 'no_show'));