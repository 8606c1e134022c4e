import { boardSettings } from "@/lib/board-settings";
import { SITE_DESCRIPTION } from "@/lib/site";

/*
 * The head text of the site's own pages (home, about, talent, pricing...): their eyebrow, title
 * and one-line description. Each page renders it, and its social card (lib/og/base.ts,
 * `pageCard`) shows the same words, so a card never says something its page does not.
 */

export type PageCopy = { eyebrow: string; title: string; description: string };

// The home and about pages' own constants: the home page is the board's busiest, and its
// JavaScript need not carry every other page's words.
export const HOME_COPY: PageCopy = {
  eyebrow: "The creator economy job board",
  title: "Find your next job in the creator economy",
  description: SITE_DESCRIPTION,
};

export const ABOUT_COPY: PageCopy = {
  eyebrow: "About",
  // The board's name as its owner set it (lib/board-settings.ts), read when the page is drawn.
  get title() {
    return `About ${boardSettings().name}`;
  },
  description:
    "We help the people who power the creator economy find the companies that need them.",
};

export const PAGE_COPY = {
  home: HOME_COPY,
  about: ABOUT_COPY,
  talent: {
    eyebrow: "Candidates",
    title: "Creator economy talent",
    description:
      "Candidates open to new roles in the creator economy, with the skills brands, agencies and platforms hire for.",
  },
  pricing: {
    eyebrow: "Pricing",
    title: "Sponsored job listings",
    description:
      "Put your role in front of the creator economy's best people: in the sponsored places at the top of the board's lists, and promoted to our readers.",
  },
  submit: {
    eyebrow: "For employers",
    title: "Post a job",
    description:
      "Reach thousands of people who work in the creator economy: marketers, partnership managers, designers, engineers and more.",
  },
  "recruitment-services": {
    eyebrow: "Pricing",
    title: "Recruitment services",
    description:
      "Hiring for a hard-to-fill role? We source, screen and shortlist candidates from the creator economy for you.",
  },
  blog: {
    eyebrow: "Blog",
    title: "Blog",
    description:
      "Career advice, hiring guides and news for the people who build the creator economy.",
  },
} as const satisfies Record<string, PageCopy>;
