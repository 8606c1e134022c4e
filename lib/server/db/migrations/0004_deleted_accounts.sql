CREATE TABLE "deleted_accounts" (
	"firebase_uid" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
