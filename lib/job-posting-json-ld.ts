import type { JobDetail } from "@/lib/job-types";
import { shownLogo } from "@/lib/logos";
import { routes } from "@/lib/routes";
import { SITE_URL } from "@/lib/site";

const EMPLOYMENT_TYPES: Record<string, string> = {
  "full-time": "FULL_TIME",
  "part-time": "PART_TIME",
  contractor: "CONTRACTOR",
  internship: "INTERN",
};

/** The country a listing's region or location names, for addresses and remote eligibility. */
const REGION_COUNTRIES: Record<string, string> = {
  "united-states": "US",
  "united-kingdom": "GB",
  canada: "CA",
  australia: "AU",
};

const COUNTRY_WORDS: [RegExp, string][] = [
  [/\b(US|USA|United States)\b/, "US"],
  [/\b(UK|United Kingdom)\b/, "GB"],
  [/\bCanada\b/, "CA"],
  [/\bAustralia\b/, "AU"],
];

function countryOf(job: Pick<JobDetail, "region" | "location">): string | undefined {
  const fromRegion = REGION_COUNTRIES[job.region];
  if (fromRegion) return fromRegion;
  const fromWords = COUNTRY_WORDS.find(([pattern]) => pattern.test(job.location));
  if (fromWords) return fromWords[1];
  const last = job.location.split(",").at(-1)?.trim();
  return job.region === "remote" ? undefined : last;
}

/**
 * Google's JobPosting structured data for a job page, with the required properties and the
 * recommended ones we know (baseSalary only when the pay is disclosed).
 */
export function jobPostingJsonLd(
  job: Omit<JobDetail, "description">,
  descriptionHtml: string,
  url: string,
) {
  const country = countryOf(job);
  const place =
    job.region === "remote"
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: country
            ? { "@type": "Country", name: country }
            : { "@type": "AdministrativeArea", name: "Worldwide" },
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              addressLocality: job.location.split(",")[0]?.trim(),
              ...(country ? { addressCountry: country } : {}),
            },
          },
        };
  const salary =
    job.salary_min !== null || job.salary_max !== null
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: job.salary_currency,
            value: {
              "@type": "QuantitativeValue",
              ...(job.salary_min !== null ? { minValue: job.salary_min } : {}),
              ...(job.salary_max !== null ? { maxValue: job.salary_max } : {}),
              unitText: "YEAR",
            },
          },
        }
      : {};
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: descriptionHtml,
    identifier: { "@type": "PropertyValue", name: job.company.name, value: String(job.id) },
    datePosted: job.published_at,
    validThrough: job.expires_at,
    employmentType: EMPLOYMENT_TYPES[job.type] ?? "OTHER",
    hiringOrganization: {
      "@type": "Organization",
      name: job.company.name,
      // The company's page here, and its own site as the same organization elsewhere.
      url: `${SITE_URL}${routes.company(job.company.slug)}`,
      ...(job.company.website ? { sameAs: job.company.website } : {}),
      // Its uploaded logo, by its absolute address (Google reads no relative one).
      ...(shownLogo(job.company.logo_url) ? { logo: `${SITE_URL}${job.company.logo_url}` } : {}),
    },
    ...place,
    ...salary,
    directApply: false,
    url,
  };
}

/** JSON for a <script> element: "<" is escaped so no text in it can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
