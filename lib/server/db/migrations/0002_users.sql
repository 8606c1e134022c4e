CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firebase_uid" text NOT NULL,
	"email" text,
	"full_name" text,
	"avatar_url" text,
	"headline" text,
	"bio" text,
	"location" text,
	"website_url" text,
	"linkedin_url" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"open_to_work" boolean DEFAULT false NOT NULL,
	"show_on_talent_page" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_firebase_uid_unique" UNIQUE("firebase_uid")
);
