import type { JobDetail } from "@/features/jobs/types";
import { shownLogo } from "@/lib/logos/logos";
import { routes } from "@/lib/routes";
import { SITE_URL } from "@/lib/site";

const EMPLOYMENT_TYPES: Record<string, string> = {
  "full-time": "FULL_TIME",
  "part-time": "PART_TIME",
  contractor: "CONTRACTOR",
  internship: "INTERN",
};

/**
 * Where the job can be done, as Google reads it: a remote job is TELECOMMUTE with one Country per
 * accepted country (none when it accepts anywhere: Google asks for applicantLocationRequirements
 * only when applicants must be in some places); an on-site job a PostalAddress with its city,
 * subdivision and ISO country.
 */
function placeOf({ place }: Pick<JobDetail, "place">) {
  if (place.remote_countries !== null) {
    const countries = place.remote_countries.map((code) => ({
      "@type": "Country",
      name: code,
    }));
    return {
      jobLocationType: "TELECOMMUTE",
      ...(countries.length > 0
        ? { applicantLocationRequirements: countries.length === 1 ? countries[0] : countries }
        : {}),
    };
  }
  const address = {
    "@type": "PostalAddress",
    ...(place.address_locality ? { addressLocality: place.address_locality } : {}),
    ...(place.address_region_label ? { addressRegion: place.address_region_label } : {}),
    ...(place.address_country ? { addressCountry: place.address_country } : {}),
  };
  return { jobLocation: { "@type": "Place", address } };
}

/** schema.org's unitText for each pay period (Google reads HOUR, DAY, WEEK, MONTH and YEAR). */
const UNIT_TEXT = { year: "YEAR", month: "MONTH", hour: "HOUR" } as const;

/**
 * Google's JobPosting structured data for a job page, with the required properties and the
 * recommended ones we know (baseSalary only when the pay is disclosed).
 */
export function jobPostingJsonLd(
  job: Omit<JobDetail, "description">,
  descriptionHtml: string,
  url: string,
) {
  const place = placeOf(job);
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
              unitText: UNIT_TEXT[job.salary_period],
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
    // Applied for on its own page here, with no other site in between (issue 27).
    directApply: job.apply_method === "board",
    url,
  };
}
