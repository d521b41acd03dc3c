-- A room can never be booked twice for the same night: live (not cancelled) reservations of one
-- room may not have overlapping stays. btree_gist lets the gist index compare room_id with "=".
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, "stay" WITH &&) WHERE ("canceled_at" IS NULL);
