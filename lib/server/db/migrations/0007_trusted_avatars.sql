-- Pictures are kept only from the identity providers' own https hosts (lib/avatar.ts); any other
-- address stored before that rule is dropped.
UPDATE "users" SET "avatar_url" = NULL
WHERE "avatar_url" IS NOT NULL
  AND "avatar_url" !~ '^https://(lh[3-6]\.googleusercontent\.com|media\.licdn\.com)/';
