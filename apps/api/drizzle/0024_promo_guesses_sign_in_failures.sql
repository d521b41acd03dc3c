CREATE TABLE "promo_code_holders" (
	"promo_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_holders_promo_code_id_user_id_pk" PRIMARY KEY("promo_code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "promo_guesses" (
	"key" text PRIMARY KEY NOT NULL,
	"guesses" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "promo_guesses_count" CHECK ("promo_guesses"."guesses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_count" CHECK ("sign_in_failures"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "promo_code_holders" ADD CONSTRAINT "promo_code_holders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_holders" ADD CONSTRAINT "promo_code_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a guest who used a code before keeps hearing why it is refused (decision 043).
INSERT INTO "promo_code_holders" ("promo_code_id", "user_id", "since")
SELECT "promo_code_id", "user_id", min("created_at") FROM "promo_code_uses" GROUP BY "promo_code_id", "user_id";
