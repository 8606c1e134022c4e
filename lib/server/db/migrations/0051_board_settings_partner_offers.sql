CREATE TABLE "board_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text,
	"tagline" text,
	"hero_text" text,
	"contact_email" text,
	"newsletter_url" text,
	"social_url" text,
	"x_url" text,
	"linkedin_url" text,
	"instagram_url" text,
	"youtube_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "board_settings_one_row" CHECK ("board_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "partner_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"partner" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"discount" text NOT NULL,
	"url" text NOT NULL,
	"code" text,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"expires" date NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "partner_offers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "partner_offers_slug_check" CHECK ("partner_offers"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "board_settings" ADD CONSTRAINT "board_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_offers" ADD CONSTRAINT "partner_offers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;