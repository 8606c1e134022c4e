CREATE TABLE "audience_days" (
	"day" date PRIMARY KEY NOT NULL,
	"alerts" integer NOT NULL,
	"saved_searches" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
