CREATE TYPE "public"."staff_role" AS ENUM('reception', 'kitchen', 'housekeeping', 'accountant', 'manager', 'superuser');--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"user_id" integer NOT NULL,
	"role" "staff_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_roles_role_idx" ON "staff_roles" USING btree ("role");--> statement-breakpoint
-- Every administrator so far could do everything but manage staff: they become managers, and lose nothing.
INSERT INTO "staff_roles" ("user_id", "role") SELECT "id", 'manager' FROM "users" WHERE "role" = 'admin';--> statement-breakpoint
INSERT INTO "staff_roles" ("user_id", "role") SELECT "id", 'superuser' FROM "users" WHERE "role" = 'superuser';
