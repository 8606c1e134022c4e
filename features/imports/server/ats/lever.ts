// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { encode } from "html-entities";
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
 * Lever's Postings API, GET api.lever.co/v0/postings/{site}?mode=json (api.eu.lever.co for its EU
 * instance), a page of `limit` at a time: pages are read until one comes back short, or until
 * the board's cap of jobs (board-context.ts) refuses the board.
 */

export const LEVER_PAGE_SIZE = 100;

const amountSchema = loose(z.union([z.number(), z.string()]));

const postingSchema = z.object({
  id: externalId,
  text: z.string(),
  categories: loose(
    z.object({
      location: loose(z.string()),
      commitment: loose(z.string()),
      team: loose(z.string()),
      department: loose(z.string()),
      allLocations: loose(z.array(z.string())),
    }),
  ),
  country: loose(z.string()),
  workplaceType: loose(z.string()),
  salaryRange: loose(
    z.object({
      currency: loose(z.string()),
      interval: loose(z.string()),
      min: amountSchema,
      max: amountSchema,
    }),
  ),
  description: loose(z.string()),
  lists: loose(z.array(z.object({ text: loose(z.string()), content: loose(z.string()) }))),
  additional: loose(z.string()),
  hostedUrl: loose(z.string()),
  applyUrl: loose(z.string()),
  createdAt: loose(z.number()),
  updatedAt: loose(z.number()),
});

export async function fetchLever(
  board: string,
  context: BoardContext,
  host: "api.lever.co" | "api.eu.lever.co",
): Promise<BoardFetch> {
  const jobs: AtsJob[] = [];
  for (let page = 0; ; page++) {
    const path = `/v0/postings/${encodeURIComponent(board)}?mode=json&skip=${page * LEVER_PAGE_SIZE}&limit=${LEVER_PAGE_SIZE}`;
    let postings = 0;
    // Not asked conditionally, so never "not modified".
    await context.get(
      context.address(host, path),
      context.jobList(
        null,
        postingSchema,
        (posting) => {
          postings += 1;
          return toJob(posting);
        },
        jobs,
      ),
    );
    if (postings < LEVER_PAGE_SIZE) {
      return {
        status: "ok",
        jobs,
        companyName: null,
        etag: null,
        lastModified: null,
        bodyHash: context.bodyHash(),
      };
    }
  }
}

function toJob(posting: z.output<typeof postingSchema>): AtsJob | null {
  const categories = posting.categories;
  const pay = posting.salaryRange;
  const workplace = posting.workplaceType?.toLowerCase();
  return withAddresses(
    {
      externalId: posting.id,
      title: posting.text.trim(),
      departments: names([categories?.department, categories?.team]),
      locations: names([categories?.location, ...(categories?.allLocations ?? [])]),
      countryCode: countryCode(posting.country),
      remote:
        workplace === "remote"
          ? true
          : workplace === "on-site" || workplace === "onsite" || workplace === "hybrid"
            ? false
            : null,
      employmentType: text(categories?.commitment),
      descriptionHtml: descriptionHtml(posting),
      salary: pay
        ? salary(amount(pay.min), amount(pay.max), pay.currency, salaryPeriod(pay.interval))
        : null,
      postedAt: date(posting.createdAt),
      updatedAt: date(posting.updatedAt),
      listed: true,
    },
    posting.applyUrl,
    posting.hostedUrl,
  );
}

/** The description, its lists (requirements, benefits...) under their headings, and the closing. */
function descriptionHtml(posting: z.output<typeof postingSchema>): string {
  const lists = (posting.lists ?? []).map(
    (list) => `<h3>${encode(list.text ?? "")}</h3><ul>${list.content ?? ""}</ul>`,
  );
  return [posting.description ?? "", ...lists, posting.additional ?? ""].join("");
}
