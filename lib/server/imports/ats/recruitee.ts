// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import type { BoardContext } from "./board-context";
import {
  amount,
  countryCode,
  date,
  externalId,
  isJob,
  loose,
  names,
  parseAnswer,
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

const offersSchema = z.object({ offers: z.array(offerSchema) });

export async function fetchRecruitee(board: string, context: BoardContext): Promise<BoardFetch> {
  const company = encodeURIComponent(board);
  const answer = await context.get(
    context.address(`${company}.recruitee.com`, "/api/offers/", `/${company}/api/offers/`),
    { conditional: true },
  );
  if (answer.status === "not_modified") return answer;
  const { offers } = parseAnswer(offersSchema, answer.body, context.label);
  return {
    status: "ok",
    jobs: offers.map(toJob).filter(isJob),
    companyName:
      offers.map((offer) => text(offer.company_name)).find((name) => name !== null) ?? null,
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
