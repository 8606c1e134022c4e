import { SOCIAL_NETWORKS, type BoardSettings } from "@/lib/board-settings";
import { routes } from "@/lib/routes";

/*
 * The board itself for search engines (issue 64): an Organization (its name, address, mark,
 * profiles and contact address, as the owner set them in /review/settings) and the WebSite with
 * its search, the home page's own (`/?q=`, the name of the job filters' keyword field). Printed
 * on the home page by pages/index.tsx through components/seo.tsx's JsonLd, which escapes it.
 */

/** The board's mark, in public/. */
export const BOARD_LOGO_PATH = "/favicon.svg";

/** The schema.org graph of the board, on `siteUrl`, from its `settings`. */
export function boardJsonLd(settings: BoardSettings, siteUrl: string) {
  const home = `${siteUrl}${routes.home}`;
  const profiles = [
    settings.socialUrl,
    ...SOCIAL_NETWORKS.map((network) => settings.social[network]),
  ].filter((url): url is string => typeof url === "string" && url !== "");
  const sameAs = [...new Set(profiles)];
  const organization = {
    "@type": "Organization",
    "@id": `${home}#organization`,
    name: settings.name,
    url: home,
    logo: `${siteUrl}${BOARD_LOGO_PATH}`,
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(settings.contactEmail
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer support",
            email: settings.contactEmail,
          },
        }
      : {}),
  };
  const website = {
    "@type": "WebSite",
    "@id": `${home}#website`,
    name: settings.name,
    description: settings.heroText,
    url: home,
    publisher: { "@id": organization["@id"] },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${home}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return { "@context": "https://schema.org", "@graph": [organization, website] };
}
