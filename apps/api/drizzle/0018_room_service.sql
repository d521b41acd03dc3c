ALTER TABLE "orders" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "room_name" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_room_service_no_fee" CHECK ("orders"."room_name" IS NULL OR "orders"."delivery_fee" = 0);