CREATE TABLE "promo_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reservation_id" integer,
	"order_id" integer,
	"discount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "promo_code_uses_one_subject" CHECK (("promo_code_uses"."reservation_id" IS NULL) <> ("promo_code_uses"."order_id" IS NULL)),
	CONSTRAINT "promo_code_uses_discount" CHECK ("promo_code_uses"."discount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"scope" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"stay_from" date,
	"stay_to" date,
	"min_amount" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"max_uses_per_guest" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code")),
	CONSTRAINT "promo_codes_kind" CHECK ("promo_codes"."kind" IN ('percent', 'fixed')),
	CONSTRAINT "promo_codes_scope" CHECK ("promo_codes"."scope" IN ('rooms', 'delivery', 'both')),
	CONSTRAINT "promo_codes_value" CHECK ("promo_codes"."value" > 0 AND ("promo_codes"."kind" = 'fixed' OR "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_valid_range" CHECK ("promo_codes"."valid_to" IS NULL OR "promo_codes"."valid_from" IS NULL OR "promo_codes"."valid_to" >= "promo_codes"."valid_from"),
	CONSTRAINT "promo_codes_stay_range" CHECK ("promo_codes"."stay_to" IS NULL OR "promo_codes"."stay_from" IS NULL OR "promo_codes"."stay_to" >= "promo_codes"."stay_from"),
	CONSTRAINT "promo_codes_limits" CHECK ("promo_codes"."min_amount" >= 0 AND ("promo_codes"."max_uses" IS NULL OR "promo_codes"."max_uses" > 0) AND ("promo_codes"."max_uses_per_guest" IS NULL OR "promo_codes"."max_uses_per_guest" > 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "promo_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_idx" ON "promo_code_uses" USING btree ("promo_code_id") WHERE "promo_code_uses"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "promo_code_uses_reservation_idx" ON "promo_code_uses" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_order_idx" ON "promo_code_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");