-- Issue 40. A purged application keeps only its stage and how it ended: who applied, their
-- address, headline and the employer's message go too (so those columns may be null), including
-- for the applications purged before now. A user's row says whether their address is verified,
-- as each of their requests' token says; the board mails only verified addresses. Every
-- existing row was made by a Google sign-in, which verifies the address: true for them. A withdrawn application no
-- longer shares its answers, cover note and links (its CV file goes with the next purge run). A
-- listing's submission keeps the company details it proposes until a moderator approves it.
-- Screening questions stored with the id `constructor` or `prototype`, which no input may use as
-- a key any more, are renamed `qconstructor` and `qprototype` (no application to them could be
-- stored: each was a 500).
ALTER TABLE "job_applications" ALTER COLUMN "full_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
UPDATE "job_applications" SET "full_name" = NULL, "email" = NULL, "headline" = NULL, "stage_message" = NULL WHERE "purged_at" IS NOT NULL;--> statement-breakpoint
UPDATE "job_applications" SET "answers" = '[]'::jsonb, "cover_note" = NULL, "links" = '{}' WHERE "withdrawn_at" IS NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "screening_questions" = (SELECT jsonb_agg(CASE WHEN q->>'id' IN ('constructor', 'prototype') THEN jsonb_set(q, '{id}', to_jsonb('q' || (q->>'id'))) ELSE q END ORDER BY n) FROM jsonb_array_elements("screening_questions") WITH ORDINALITY AS t(q, n)) WHERE "screening_questions" @? '$[*] ? (@.id == "constructor" || @.id == "prototype")';--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "company_proposal" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" SET "email_verified" = true;
