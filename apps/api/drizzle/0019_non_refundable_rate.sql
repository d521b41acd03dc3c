ALTER TYPE "public"."payment_purpose" ADD VALUE 'stay';--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_target";--> statement-breakpoint
DROP INDEX "payments_one_live_per_reservation_fee";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "rate" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "rate_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "non_refundable_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reservations_unpaid_idx" ON "reservations" USING btree ("hold_until") WHERE "reservations"."paid_at" IS NULL AND "reservations"."canceled_at" IS NULL AND "reservations"."hold_until" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_reservation_fee" ON "payments" USING btree ("reservation_id","purpose") WHERE "payments"."reservation_id" IS NOT NULL AND "payments"."status" IN ('pending', 'succeeded');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_target" CHECK (("payments"."purpose" = 'order' AND "payments"."order_id" IS NOT NULL) OR ("payments"."purpose" NOT IN ('order', 'card') AND "payments"."reservation_id" IS NOT NULL) OR "payments"."purpose" = 'card');--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_rate" CHECK ("reservations"."rate" IN ('flexible', 'non_refundable'));--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_non_refundable_percent" CHECK ("rooms"."non_refundable_percent" BETWEEN 0 AND 50);