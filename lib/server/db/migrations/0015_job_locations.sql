ALTER TABLE "jobs" ADD COLUMN "remote_countries" text[];--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "address_locality" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "address_region" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "address_country" text;--> statement-breakpoint
-- Backfill what SQL can tell for sure: "City, ST" in the US, Canada and Australia. The rest
-- (remote areas, other countries) is derived in TypeScript on start (backfillJobPlaces).
UPDATE "jobs" SET
	"address_locality" = trim(split_part("location", ',', 1)),
	"address_region" = 'US-' || upper(trim(split_part("location", ',', 2))),
	"address_country" = 'US'
WHERE "region" = 'united-states'
	AND "location" !~* '^\s*remote'
	AND split_part("location", ',', 3) = ''
	AND upper(trim(split_part("location", ',', 2))) = ANY (ARRAY['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY']);--> statement-breakpoint
UPDATE "jobs" SET
	"address_locality" = trim(split_part("location", ',', 1)),
	"address_region" = 'CA-' || upper(trim(split_part("location", ',', 2))),
	"address_country" = 'CA'
WHERE "region" = 'canada'
	AND "location" !~* '^\s*remote'
	AND split_part("location", ',', 3) = ''
	AND upper(trim(split_part("location", ',', 2))) = ANY (ARRAY['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);--> statement-breakpoint
UPDATE "jobs" SET
	"address_locality" = trim(split_part("location", ',', 1)),
	"address_region" = 'AU-' || upper(trim(split_part("location", ',', 2))),
	"address_country" = 'AU'
WHERE "region" = 'australia'
	AND "location" !~* '^\s*remote'
	AND split_part("location", ',', 3) = ''
	AND upper(trim(split_part("location", ',', 2))) = ANY (ARRAY['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
