CREATE TABLE "kitchen_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"lead_minutes" integer NOT NULL,
	"slot_capacity" integer NOT NULL,
	"min_order" integer NOT NULL,
	"free_delivery_from" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_settings_one_row" CHECK ("kitchen_settings"."id" = 1),
	CONSTRAINT "kitchen_settings_lead" CHECK ("kitchen_settings"."lead_minutes" BETWEEN 10 AND 240),
	CONSTRAINT "kitchen_settings_capacity" CHECK ("kitchen_settings"."slot_capacity" BETWEEN 1 AND 100),
	CONSTRAINT "kitchen_settings_amounts" CHECK ("kitchen_settings"."min_order" >= 0 AND ("kitchen_settings"."free_delivery_from" IS NULL OR "kitchen_settings"."free_delivery_from" >= 0))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deliver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_settings" ADD CONSTRAINT "kitchen_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_deliver_at_idx" ON "orders" USING btree ("deliver_at") WHERE "orders"."deliver_at" IS NOT NULL;