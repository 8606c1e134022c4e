// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import type { BoardContext } from "./board-context";
import {
  amount,
  countryCode,
  date,
  externalId,
  loose,
  names,
  salary,
  salaryPeriod,
  text,
  withAddresses,
} from "./job-fields";
import type { AtsJob, BoardFetch } from "./types";

/*
 * Recruitee's Careers Site API, on the company's own subdomain: the whole board in one answer,
 * GET {company}.recruitee.com/api/offers/.
 */

const offerSchema = z.object({
  id: externalId,
  title: z.string(),
  status: loose(z.string()),
  company_name: loose(z.string()),
  location: loose(z.string()),
  city: loose(z.string()),
  country: loose(z.string()),
  country_code: loose(z.string()),
  remote: loose(z.boolean()),
  hybrid: loose(z.boolean()),
  on_site: loose(z.boolean()),
  employment_type_code: loose(z.string()),
  department: loose(z.string()),
  salary: loose(
    z.object({
      min: loose(z.union([z.number(), z.string()])),
      max: loose(z.union([z.number(), z.string()])),
      period: loose(z.string()),
      currency: loose(z.string()),
    }),
  ),
  careers_url: loose(z.string()),
  careers_apply_url: loose(z.string()),
  description: loose(z.string()),
  requirements: loose(z.string()),
  published_at: loose(z.string()),
  created_at: loose(z.string()),
  updated_at: loose(z.string()),
});

export async function fetchRecruitee(board: string, context: BoardContext): Promise<BoardFetch> {
  const company = encodeURIComponent(board);
  const jobs: AtsJob[] = [];
  // The company's name is on each offer: the first one that gives it.
  let companyName: string | null = null;
  const answer = await context.get(
    context.address(`${company}.recruitee.com`, "/api/offers/", `/${company}/api/offers/`),
    context.jobList(
      "offers",
      offerSchema,
      (offer) => {
        companyName ??= text(offer.company_name);
        return toJob(offer);
      },
      jobs,
    ),
    { conditional: true },
  );
  if (answer.status === "not_modified") return answer;
  return {
    status: "ok",
    jobs,
    companyName,
    etag: answer.etag,
    lastModified: answer.lastModified,
    bodyHash: context.bodyHash(),
  };
}

function toJob(offer: z.output<typeof offerSchema>): AtsJob | null {
  const pay = offer.salary;
  return withAddresses(
    {
      externalId: offer.id,
      title: offer.title.trim(),
      departments: names([offer.department]),
      locations: names([offer.location ?? names([offer.city, offer.country]).join(", ")]),
      countryCode: countryCode(offer.country_code) ?? countryCode(offer.country),
      remote: offer.remote ? true : offer.on_site || offer.hybrid ? false : (offer.remote ?? null),
      employmentType: text(offer.employment_type_code),
      descriptionHtml: (offer.description ?? "") + (offer.requirements ?? ""),
      salary: pay
        ? salary(amount(pay.min), amount(pay.max), pay.currency, salaryPeriod(pay.period))
        : null,
      postedAt: date(offer.published_at ?? offer.created_at),
      updatedAt: date(offer.updated_at),
      // Only a published offer is on the careers site; any other status is one to end.
      listed: !offer.status || offer.status === "published",
    },
    offer.careers_apply_url,
    offer.careers_url,
  );
}
