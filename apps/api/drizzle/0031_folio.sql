CREATE TYPE "public"."desk_payment_method" AS ENUM('cash', 'card_terminal', 'bank_transfer');--> statement-breakpoint
CREATE TYPE "public"."folio_line_kind" AS ENUM('room_service', 'posted', 'fee', 'discount', 'adjustment');--> statement-breakpoint
ALTER TYPE "public"."payment_purpose" ADD VALUE 'folio';--> statement-breakpoint
CREATE TABLE "desk_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"method" "desk_payment_method" NOT NULL,
	"amount" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"over_balance_reason" text,
	"taken_by" integer,
	"taken_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_payments_amount_positive" CHECK ("desk_payments"."amount" BETWEEN 1 AND 100000000)
);
--> statement-breakpoint
CREATE TABLE "folio_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"kind" "folio_line_kind" NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" integer,
	"corrects_line_id" integer,
	"posted_by" integer,
	"posted_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folio_lines_amount_by_kind" CHECK (("folio_lines"."kind" IN ('room_service', 'posted', 'fee') AND "folio_lines"."amount" BETWEEN 1 AND 10000000)
        OR ("folio_lines"."kind" = 'discount' AND "folio_lines"."amount" BETWEEN -10000000 AND -1)
        OR ("folio_lines"."kind" = 'adjustment' AND "folio_lines"."amount" BETWEEN -10000000 AND -1 AND "folio_lines"."corrects_line_id" IS NOT NULL)),
	CONSTRAINT "folio_lines_room_service_order" CHECK (("folio_lines"."kind" = 'room_service') = ("folio_lines"."order_id" IS NOT NULL)),
	CONSTRAINT "folio_lines_description" CHECK (length("folio_lines"."description") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "folio_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" jsonb NOT NULL,
	"tax_number" text NOT NULL,
	"legal_address" jsonb NOT NULL,
	"bank_account" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"document_retention_days" integer DEFAULT 30 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folio_settings_one_row" CHECK ("folio_settings"."id" = 1),
	CONSTRAINT "folio_settings_retention" CHECK ("folio_settings"."document_retention_days" BETWEEN 1 AND 3650)
);
--> statement-breakpoint
CREATE TABLE "folios" (
	"reservation_id" integer PRIMARY KEY NOT NULL,
	"invoice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_registrations" (
	"reservation_id" integer PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"citizenship" text,
	"document_number" text,
	"birth_date" date,
	"arrival_time" text,
	"submitted_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	CONSTRAINT "stay_registrations_erased" CHECK ("stay_registrations"."erased_at" IS NULL OR ("stay_registrations"."document_number" IS NULL AND "stay_registrations"."birth_date" IS NULL))
);
--> statement-breakpoint
DROP INDEX "payments_one_live_per_reservation_fee";--> statement-breakpoint
ALTER TABLE "desk_payments" ADD CONSTRAINT "desk_payments_reservation_id_folios_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."folios"("reservation_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_payments" ADD CONSTRAINT "desk_payments_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folio_lines" ADD CONSTRAINT "folio_lines_reservation_id_folios_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."folios"("reservation_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folio_lines" ADD CONSTRAINT "folio_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folio_lines" ADD CONSTRAINT "folio_lines_corrects_line_id_folio_lines_id_fk" FOREIGN KEY ("corrects_line_id") REFERENCES "public"."folio_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folio_lines" ADD CONSTRAINT "folio_lines_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folio_settings" ADD CONSTRAINT "folio_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folios" ADD CONSTRAINT "folios_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_registrations" ADD CONSTRAINT "stay_registrations_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_payments_reservation_idx" ON "desk_payments" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "desk_payments_created_idx" ON "desk_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "folio_lines_reservation_idx" ON "folio_lines" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "folio_lines_one_per_order" ON "folio_lines" USING btree ("order_id") WHERE "folio_lines"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stay_registrations_pending_erasure_idx" ON "stay_registrations" USING btree ("reservation_id") WHERE "stay_registrations"."erased_at" IS NULL AND "stay_registrations"."document_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_reservation_fee" ON "payments" USING btree ("reservation_id","purpose",coalesce("attempt_key", '')) WHERE "payments"."reservation_id" IS NOT NULL AND "payments"."status" IN ('pending', 'succeeded');--> statement-breakpoint
-- A bill's lines and the desk's payments are never edited nor deleted: a correction is a new line
-- (docs/decisions/055-folio.md). The one change let through is the foreign key's own: the member
-- of staff who wrote the row set to null when their account is removed (their e-mail stays).
CREATE FUNCTION folio_rows_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'folio_lines' AND NEW.posted_by IS NULL
     AND (to_jsonb(NEW) - 'posted_by') = (to_jsonb(OLD) - 'posted_by') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'desk_payments' AND NEW.taken_by IS NULL
     AND (to_jsonb(NEW) - 'taken_by') = (to_jsonb(OLD) - 'taken_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'A bill''s lines and payments are never changed: write a correction' USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER folio_lines_immutable BEFORE UPDATE OR DELETE ON "folio_lines" FOR EACH ROW EXECUTE FUNCTION folio_rows_immutable();--> statement-breakpoint
CREATE TRIGGER desk_payments_immutable BEFORE UPDATE OR DELETE ON "desk_payments" FOR EACH ROW EXECUTE FUNCTION folio_rows_immutable();
