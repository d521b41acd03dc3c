ALTER TYPE "public"."notice_kind" ADD VALUE 'late_payment';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "erip_bill" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_erip_bill_unique" UNIQUE("erip_bill");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method" CHECK ("payments"."method" IN ('card', 'erip'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_erip_bill" CHECK (("payments"."method" = 'erip') = ("payments"."erip_bill" IS NOT NULL));