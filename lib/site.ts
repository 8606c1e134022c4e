import { publicEnv } from "@/lib/public-env";

export const SITE_NAME = "Creator Jobs";
export const SITE_TAGLINE = "Jobs in the creator economy";
export const SITE_DESCRIPTION =
  "The job board for the creator economy: roles at creator-led brands, agencies, platforms and tools, from influencer marketing to engineering.";

export const SITE_URL = publicEnv.siteUrl;
export const SUPPORT_EMAIL = publicEnv.supportEmail;
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
/** The board's own newsletter page (issue 66), unless NEXT_PUBLIC_NEWSLETTER_URL names another. */
export const NEWSLETTER_URL = publicEnv.newsletterUrl || "/newsletter";
export const SOCIAL_URL = publicEnv.socialUrl;
export const TOOLS_DIRECTORY_URL = publicEnv.toolsDirectoryUrl;

export const COPYRIGHT_YEAR = 2023;
