CREATE TYPE "public"."code_event_kind" AS ENUM('sent', 'failed');--> statement-breakpoint
ALTER TYPE "public"."code_purpose" ADD VALUE 'email_change';--> statement-breakpoint
CREATE TABLE "code_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" "code_purpose" NOT NULL,
	"kind" "code_event_kind" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"resource_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "reset_token_hash" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "code_events" ADD CONSTRAINT "code_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_events_user_purpose_at_idx" ON "code_events" USING btree ("user_id","purpose","at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");