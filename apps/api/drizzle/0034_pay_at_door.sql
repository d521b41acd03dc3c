ALTER TYPE "public"."payment_provider" ADD VALUE 'door';--> statement-breakpoint
ALTER TABLE "kitchen_settings" ADD COLUMN "door_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_settings" ADD COLUMN "door_methods" text[] DEFAULT '{cash,card_terminal}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_settings" ADD COLUMN "door_cap" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_at_door" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "door_method" text;--> statement-breakpoint
ALTER TABLE "kitchen_settings" ADD CONSTRAINT "kitchen_settings_door" CHECK ("kitchen_settings"."door_cap" BETWEEN 1 AND 100000 AND "kitchen_settings"."door_methods" <@ ARRAY['cash', 'card_terminal']::text[]);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pay_at_door" CHECK ("orders"."pay_at_door" IS NULL OR ("orders"."pay_at_door" IN ('cash', 'card_terminal') AND "orders"."room_name" IS NULL AND "orders"."payment_method_id" IS NULL));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_door_method" CHECK ("payments"."door_method" IS NULL OR ("payments"."door_method" IN ('cash', 'card_terminal') AND "payments"."purpose" = 'order'));