DROP INDEX "room_holds_reservation_idx";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "channel" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "booked_by" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guarantee" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guarantee_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_holds_reservation_idx" ON "room_holds" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_channel" CHECK ("reservations"."channel" IN ('site', 'phone', 'walk_in', 'email', 'booking_site'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guarantee" CHECK ("reservations"."guarantee" IS NULL OR "reservations"."guarantee" IN ('card', 'card_link', 'desk'));--> statement-breakpoint
-- A guest moved to another room mid-stay keeps one reservation, whose nights are held by one
-- room_holds row per room (decision 056); `reservations.room_id` is the room of the last one.
-- room_holds_no_overlap is the one guarantee against a night sold twice: reservations' own
-- constraint would see the whole stay in the last room and refuse the nights the guest left.
ALTER TABLE "reservations" DROP CONSTRAINT IF EXISTS "reservations_no_overlap";
--> statement-breakpoint
-- One row: it follows the reservation as before. Several (a stay that changed rooms): the stay
-- changes write them first, and the reservation must then agree with them (its nights are their
-- nights, its room the last one's), or the write is refused.
CREATE OR REPLACE FUNCTION "reservations_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  segments integer;
BEGIN
  IF NEW.canceled_at IS NOT NULL THEN
    DELETE FROM room_holds WHERE reservation_id = NEW.id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO room_holds (room_id, stay, kind, reservation_id) VALUES (NEW.room_id, NEW.stay, 'reservation', NEW.id);
  ELSE
    SELECT count(*) INTO segments FROM room_holds WHERE reservation_id = NEW.id;
    IF segments = 0 THEN
      INSERT INTO room_holds (room_id, stay, kind, reservation_id) VALUES (NEW.room_id, NEW.stay, 'reservation', NEW.id);
    ELSIF segments = 1 THEN
      UPDATE room_holds SET room_id = NEW.room_id, stay = NEW.stay WHERE reservation_id = NEW.id;
    ELSIF NOT EXISTS (
      SELECT 1 FROM room_holds h
      WHERE h.reservation_id = NEW.id
      HAVING min(lower(h.stay)) = lower(NEW.stay) AND max(upper(h.stay)) = upper(NEW.stay)
        AND sum(upper(h.stay) - lower(h.stay)) = upper(NEW.stay) - lower(NEW.stay)
        AND (SELECT l.room_id FROM room_holds l WHERE l.reservation_id = NEW.id ORDER BY lower(l.stay) DESC LIMIT 1) = NEW.room_id
    ) THEN
      RAISE EXCEPTION 'reservation % changed without its room segments', NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
