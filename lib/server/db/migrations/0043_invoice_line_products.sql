CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
-- Issue 63: each invoice line names what it sold ({"kind", "slug"}), for the revenue report.
-- Lines issued before are given theirs, best effort, from what their document says: a discount
-- line its code; a pack's or an upgrade's line the invoice's item; a listing's or renewal's line
-- the plan its words name ("Sponsored listing: …"), else its listing's plan. A credit note's
-- lines are its invoice's (it copies purpose, item and listing). A line none of these name is
-- left without, and reported as "other".
UPDATE "invoices" AS i SET "lines" = (
  SELECT jsonb_agg(
    CASE
      WHEN e.line ? 'product' THEN e.line
      WHEN e.line->>'description' ~ '^Discount [A-Z0-9-]+ \('
        THEN e.line || jsonb_build_object('product', jsonb_build_object('kind', 'coupon',
          'slug', substring(e.line->>'description' from '^Discount ([A-Z0-9-]+) \(')))
      WHEN i."purpose" = 'pack' AND i."item" IS NOT NULL
        THEN e.line || jsonb_build_object('product', jsonb_build_object('kind', 'pack', 'slug', i."item"))
      WHEN i."purpose" = 'upgrade' AND i."item" IS NOT NULL
        THEN e.line || jsonb_build_object('product', jsonb_build_object('kind', 'upgrade', 'slug', i."item"))
      WHEN i."purpose" IN ('listing', 'renewal') AND plan."slug" IS NOT NULL
        THEN e.line || jsonb_build_object('product', jsonb_build_object('kind', 'plan', 'slug', plan."slug"))
      ELSE e.line
    END
    ORDER BY e.n)
  FROM jsonb_array_elements(i."lines") WITH ORDINALITY AS e(line, n)
  CROSS JOIN LATERAL (SELECT coalesce(
    (SELECT p."slug" FROM "listing_plans" p
      WHERE starts_with(e.line->>'description', p."name" || ' listing: ')
      ORDER BY length(p."name") DESC LIMIT 1),
    (SELECT j."plan" FROM "jobs" j WHERE j."id" = i."job_id")) AS "slug") AS plan
)
WHERE jsonb_array_length(i."lines") > 0
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(i."lines") AS l(line) WHERE NOT l.line ? 'product');
