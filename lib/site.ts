import { publicEnv } from "@/lib/env";

export const SITE_NAME = "Creator Jobs";
export const SITE_TAGLINE = "Jobs in the creator economy";
export const SITE_DESCRIPTION =
  "The job board for the creator economy: roles at creator-led brands, agencies, platforms and tools, from influencer marketing to engineering.";

export const SITE_URL = publicEnv.NEXT_PUBLIC_SITE_URL;
export const SUPPORT_EMAIL = publicEnv.NEXT_PUBLIC_SUPPORT_EMAIL;
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
export const NEWSLETTER_URL = publicEnv.NEXT_PUBLIC_NEWSLETTER_URL;
export const SOCIAL_URL = publicEnv.NEXT_PUBLIC_SOCIAL_URL;
export const TOOLS_DIRECTORY_URL = publicEnv.NEXT_PUBLIC_TOOLS_DIRECTORY_URL;

export const COPYRIGHT_YEAR = 2023;
