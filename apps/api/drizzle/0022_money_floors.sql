ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_nonnegative" CHECK ("orders"."total" >= 0 AND "orders"."promo_discount" >= 0 AND "orders"."promo_discount" <= "orders"."discount");--> statement-breakpoint
-- Written by hand: a charge of 0 sent before this migration stays in the ledger as it was; every new or changed row is checked.
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0) NOT VALID;--> statement-breakpoint
-- Written by hand: a booking priced below zero before this migration (issue 42) was never paid and is released by its hold; its price is 0.
UPDATE "reservations" SET "price" = 0 WHERE "price" < 0;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_amounts_nonnegative" CHECK ("reservations"."price" >= 0 AND "reservations"."price_per_night" >= 0 AND "reservations"."rate_discount" >= 0 AND "reservations"."promo_discount" >= 0 AND coalesce("reservations"."cancellation_fee", 0) >= 0);
