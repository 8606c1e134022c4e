-- Issue 61: each message names its writer inside a team. Rows written before the writer was
-- always kept are given the one writer known for sure: the candidate's own messages are theirs,
-- and an employer's message sent with a stage change is by whoever made that change (when it is
-- still the application's last one). Any other employer message stays unnamed, shown as the
-- company's.
UPDATE "application_messages" AS m
SET "author_id" = a."user_id"
FROM "job_applications" AS a
WHERE m."application_id" = a."id"
  AND m."author_id" IS NULL
  AND m."side" = 'candidate'
  AND a."user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "application_messages" AS m
SET "author_id" = a."stage_changed_by"
FROM "job_applications" AS a
WHERE m."application_id" = a."id"
  AND m."author_id" IS NULL
  AND m."side" = 'employer'
  AND m."stage" IS NOT NULL
  AND m."stage" = a."stage"
  AND m."created_at" = a."stage_changed_at"
  AND a."stage_changed_by" IS NOT NULL;
