-- Roles live in staff_roles alone (migration 0027 copied every admin and superuser there): the coarse users.role goes; a member of staff who left is marked deactivated.
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";--> statement-breakpoint
DROP TYPE "public"."user_role";