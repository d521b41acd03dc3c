CREATE TYPE "public"."review_kind" AS ENUM('stay', 'order');--> statement-breakpoint
CREATE TYPE "public"."review_state" AS ENUM('pending', 'approved', 'hidden');--> statement-breakpoint
CREATE TABLE "review_requests" (
	"kind" "review_kind" NOT NULL,
	"subject_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_requests_kind_subject_id_pk" PRIMARY KEY("kind","subject_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "review_kind" NOT NULL,
	"reservation_id" integer,
	"order_id" integer,
	"stars" integer NOT NULL,
	"text" text NOT NULL,
	"language" "language" NOT NULL,
	"state" "review_state" DEFAULT 'pending' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_one_subject" CHECK (("reviews"."kind" = 'stay' AND "reviews"."reservation_id" IS NOT NULL AND "reviews"."order_id" IS NULL) OR ("reviews"."kind" = 'order' AND "reviews"."order_id" IS NOT NULL AND "reviews"."reservation_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_reservation_key" ON "reviews" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_key" ON "reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reviews_shown_idx" ON "reviews" USING btree ("kind","created_at") WHERE "reviews"."state" = 'approved';--> statement-breakpoint
-- hand-written
-- Reviews: what /hotel and /delivery show (docs/caching.md). The payload is empty: read them again.
CREATE FUNCTION "reviews_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reviews', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reviews_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_notify"();
--> statement-breakpoint
-- A review names its author by their name as it is now.
CREATE TRIGGER "review_authors_notify" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_notify"();
