// The queries of bench/search-relevance.ts, as candidates type them into the board's search box,
// each with a person's judgment of which jobs on the board answer it. A judgment reads only what
// a person reads on the job's page (title, company, department, description), never how the
// search works: 2 is exactly what was asked, 1 is related (they would not mind seeing it), 0 is
// not relevant. Keep it that way when adding queries, and do not tune them to the results.
import type { DepartmentSlug } from "@/lib/taxonomy";

export type JudgedJob = {
  title: string;
  company: string;
  department: string;
  description: string;
  /**
   * The description without its "About <company>" section: the company's blurb names the
   * platforms it works on, which tells a reader little about what this role does.
   */
  role: string;
};

export type Grade = 0 | 1 | 2;
export type JudgedQuery = { q: string; judge: (job: JudgedJob) => Grade };

/** A job as judged, from the fields the harness reads. */
export function judgedJob(row: Omit<JudgedJob, "role">): JudgedJob {
  return { ...row, role: row.description.replace(/^## About [^\n]*\n+[^\n]*\n+/, "") };
}

type Test = (job: JudgedJob) => boolean;

const title =
  (pattern: RegExp): Test =>
  (job) =>
    pattern.test(job.title);
const role =
  (pattern: RegExp): Test =>
  (job) =>
    pattern.test(job.role);
/** Named anywhere on the job's page: its title or its whole description. */
const text =
  (pattern: RegExp): Test =>
  (job) =>
    pattern.test(job.title) || pattern.test(job.description);
const company =
  (pattern: RegExp): Test =>
  (job) =>
    pattern.test(job.company);
const department =
  (...slugs: DepartmentSlug[]): Test =>
  (job) =>
    (slugs as string[]).includes(job.department);
const all =
  (...tests: Test[]): Test =>
  (job) =>
    tests.every((test) => test(job));
const any =
  (...tests: Test[]): Test =>
  (job) =>
    tests.some((test) => test(job));
const not =
  (test: Test): Test =>
  (job) =>
    !test(job);
const nothing: Test = () => false;

/** 2 for what `exact` accepts, 1 for what `related` accepts, 0 for the rest. */
const graded =
  (exact: Test, related: Test = nothing) =>
  (job: JudgedJob): Grade =>
    exact(job) ? 2 : related(job) ? 1 : 0;

// Families of roles, as a person would group them.

/** Someone who cuts video: an editor whose page talks about video or footage. */
const VIDEO_EDITOR = all(title(/\beditor\b/i), text(/\bvideo|footage/i));
/** Post-production next to editing: colour, motion graphics, short-form video. */
const POST_PRODUCTION = title(
  /colou?rist|post-production|\bmotion\b|short-form (video|content)|shorts\b|video producer/i,
);
const MOTION = title(/\bmotion\b|animat/i);
const DESIGNER = title(
  /\bdesign(er)?\b|art director|creative director|thumbnail|motion graphics artist|illustrat/i,
);
const GRAPHIC_DESIGNER = title(/graphic|visual designer|brand designer|thumbnail|merch designer/i);
const SOCIAL_MANAGER = title(/social media (manager|lead)|head of social/i);
const SOCIAL = title(
  /social|tiktok|youtube channel|community (manager|coordinator)|content strateg|short-form content/i,
);
/** Roles whose work is content, creators or their audiences: where a platform matters. */
const CONTENT_ROLE = any(
  VIDEO_EDITOR,
  POST_PRODUCTION,
  SOCIAL,
  title(
    /content|video|creator|influencer|ugc|community|channel|producer|campaign|talent|partnership/i,
  ),
);
/** Roles that make the content themselves. */
const MAKER_ROLE = any(
  VIDEO_EDITOR,
  POST_PRODUCTION,
  SOCIAL,
  title(/content|video|producer|production|channel|community/i),
);
const PRODUCT_MANAGER = title(/product manager/i);
const PRODUCT_LEADERSHIP = title(
  /product (operations|owner|marketing)|(head|director|vp) of product|product officer/i,
);
const SOFTWARE_ENGINEER = all(
  department("engineering"),
  title(/engineer|developer|\bCTO\b/i),
  not(title(/data|machine learning|analytics/i)),
);
const TIKTOK = /tik ?tok/i;
const YOUTUBE = /you ?tube/i;
/**
 * A job about a platform: its title names the platform, or it is the platform's kind of work
 * (`close`) and says it is done there; other content work done there is related.
 */
const platformJob = (platform: RegExp, close: Test) =>
  graded(any(title(platform), all(close, role(platform))), all(CONTENT_ROLE, role(platform)));
const tiktokJob = platformJob(TIKTOK, any(SOCIAL, title(/short-form|shorts\b|\bUGC\b/i)));
const youtubeJob = platformJob(YOUTUBE, any(SOCIAL, VIDEO_EDITOR, title(/shorts\b|channel/i)));

const videoEditor = graded(VIDEO_EDITOR, POST_PRODUCTION);
const youtubeEditor = graded(all(VIDEO_EDITOR, text(YOUTUBE)), VIDEO_EDITOR);
const graphicDesigner = graded(GRAPHIC_DESIGNER, DESIGNER);
const socialMediaManager = graded(SOCIAL_MANAGER, SOCIAL);
const productManager = graded(
  PRODUCT_MANAGER,
  any(PRODUCT_LEADERSHIP, title(/program manager|project manager/i)),
);
const communityManager = graded(
  title(/community manager/i),
  title(/community|creator relations|social media/i),
);
const accountant = graded(title(/accountant|accounts payable|controller/i), department("finance"));
const support = graded(
  title(/support|customer (experience|success|service)/i),
  department("support"),
);
const executiveAssistant = graded(title(/executive assistant/i), department("administration"));
const influencerMarketing = graded(
  title(/influencer (marketing|campaign)/i),
  department("influencer-marketing"),
);
const copywriter = graded(
  title(/copywriter|\bwriter\b/i),
  any(
    title(/content (strateg|marketing|coordinator)|head of content|director of content/i),
    role(/copywriting|\bcopy\b/i),
  ),
);

export const QUERIES: readonly JudgedQuery[] = [
  // Plain role words.
  { q: "editor", judge: graded(title(/\beditor\b/i), POST_PRODUCTION) },
  { q: "video editor", judge: videoEditor },
  { q: "designer", judge: graded(title(/\bdesign(er)?\b/i), DESIGNER) },
  { q: "graphic designer", judge: graphicDesigner },
  { q: "copywriter", judge: copywriter },
  { q: "writer", judge: copywriter },
  { q: "community manager", judge: communityManager },
  { q: "social media manager", judge: socialMediaManager },
  {
    q: "data analyst",
    judge: graded(
      title(/(data|product|analytics|marketing|business) analyst/i),
      title(/analyst|analytics|data scien|data engineer|head of data/i),
    ),
  },
  { q: "analyst", judge: graded(title(/analyst/i), title(/analytics|data scien/i)) },
  {
    q: "talent manager",
    judge: graded(title(/talent manager|creator manager/i), department("talent-management")),
  },
  { q: "talent agent", judge: graded(title(/\bagent\b/i), department("talent-management")) },
  { q: "product manager", judge: productManager },
  {
    q: "project manager",
    judge: graded(
      title(/project manager/i),
      title(/program manager|producer|production (manager|coordinator)|operations/i),
    ),
  },
  { q: "producer", judge: graded(title(/producer/i), title(/production/i)) },
  {
    q: "production assistant",
    judge: graded(title(/production assistant/i), title(/production|producer/i)),
  },
  { q: "accountant", judge: accountant },
  { q: "lawyer", judge: graded(title(/counsel|attorney|lawyer/i), department("legal")) },
  { q: "paralegal", judge: graded(title(/paralegal|legal assistant/i), department("legal")) },
  { q: "executive assistant", judge: executiveAssistant },
  {
    q: "office manager",
    judge: graded(title(/office manager|office and facilities/i), department("administration")),
  },
  {
    q: "account manager",
    judge: graded(
      title(/account manager/i),
      title(/account (executive|director)|customer success|partnerships manager/i),
    ),
  },
  { q: "customer support", judge: support },
  { q: "customer service", judge: support },
  {
    q: "content moderator",
    judge: graded(title(/moderat|trust and safety/i), department("support")),
  },
  {
    q: "content strategist",
    judge: graded(title(/content strateg/i), title(/content|social/i)),
  },
  {
    q: "software engineer",
    judge: graded(SOFTWARE_ENGINEER, department("engineering")),
  },
  {
    q: "data engineer",
    judge: graded(
      title(/data engineer|analytics engineer/i),
      title(/data|machine learning|platform engineer/i),
    ),
  },
  // Abbreviations of the field.
  { q: "yt editor", judge: youtubeEditor },
  { q: "SMM", judge: socialMediaManager },
  { q: "UGC", judge: graded(title(/\bUGC\b/i), role(/\bUGC\b|user-generated/i)) },
  {
    q: "PM",
    judge: graded(
      any(PRODUCT_MANAGER, title(/project manager/i)),
      any(PRODUCT_LEADERSHIP, title(/program manager/i)),
    ),
  },
  { q: "SEO", judge: graded(title(/\bSEO\b/i), role(/\bSEO\b|search engine/i)) },
  { q: "ops", judge: graded(title(/operations|\bops\b|\bCOO\b/i), department("operations")) },
  { q: "EA", judge: executiveAssistant },
  {
    q: "SDR",
    judge: graded(title(/(sales|business) development representative/i), department("sales")),
  },
  {
    q: "BD",
    judge: graded(title(/business development/i), any(department("sales"), title(/partnerships/i))),
  },
  {
    q: "ML engineer",
    judge: graded(
      title(/machine learning|\bML\b/i),
      title(/data scien|data engineer|head of data|analytics engineer/i),
    ),
  },
  // Typos.
  { q: "edtor", judge: graded(title(/\beditor\b/i), POST_PRODUCTION) },
  { q: "youtub editor", judge: youtubeEditor },
  { q: "grahpic designer", judge: graphicDesigner },
  { q: "copywritter", judge: copywriter },
  { q: "procuct manager", judge: productManager },
  { q: "acountant", judge: accountant },
  { q: "comunity manager", judge: communityManager },
  { q: "influencer marketting", judge: influencerMarketing },
  // Mixed case and words split differently.
  { q: "TikTok", judge: tiktokJob },
  { q: "tiktok", judge: tiktokJob },
  { q: "TIK TOK", judge: tiktokJob },
  { q: "tik tok", judge: tiktokJob },
  { q: "YouTube", judge: youtubeJob },
  { q: "you tube", judge: youtubeJob },
  {
    q: "front end developer",
    judge: graded(title(/front-?end|full-stack/i), SOFTWARE_ENGINEER),
  },
  {
    q: "backend",
    judge: graded(title(/back-?end|full-stack/i), SOFTWARE_ENGINEER),
  },
  {
    q: "post production",
    judge: graded(any(title(/post-production|colou?rist/i), VIDEO_EDITOR), MOTION),
  },
  {
    q: "podcast producer",
    judge: graded(
      all(title(/producer/i), text(/podcast/i)),
      any(title(/podcast|producer/i), all(MAKER_ROLE, role(/podcast/i))),
    ),
  },
  {
    q: "podcaster",
    judge: graded(title(/podcast/i), all(MAKER_ROLE, role(/podcast/i))),
  },
  // Several words.
  { q: "video editor youtube", judge: youtubeEditor },
  { q: "remote video editor", judge: graded(all(VIDEO_EDITOR, role(/\bremote\b/i)), VIDEO_EDITOR) },
  {
    q: "podcast editor",
    judge: graded(
      all(VIDEO_EDITOR, text(/podcast/i)),
      any(VIDEO_EDITOR, title(/podcast/i), POST_PRODUCTION),
    ),
  },
  {
    q: "brand partnerships manager",
    judge: graded(
      title(/brand partnerships (manager|lead|director)|head of brand partnerships/i),
      any(department("creator-partnerships"), title(/brand (sales|partnerships)|sponsorship/i)),
    ),
  },
  {
    q: "influencer marketing manager",
    judge: graded(
      title(/influencer (marketing|campaign) manager/i),
      department("influencer-marketing"),
    ),
  },
  { q: "influencer marketing", judge: influencerMarketing },
  {
    q: "creator partnerships",
    judge: graded(
      title(/creator partnerships/i),
      any(
        department("creator-partnerships"),
        title(/creator (relations|success|acquisition|program|outreach)/i),
      ),
    ),
  },
  {
    q: "brand deals",
    judge: graded(
      title(/brand (partnerships|sales|deals)|sponsorship/i),
      role(/brand deal|sponsorship/i),
    ),
  },
  {
    q: "short form video",
    judge: graded(
      title(/short-form|shorts\b/i),
      all(MAKER_ROLE, role(/short-form|shorts\b|reels/i)),
    ),
  },
  {
    q: "content creator",
    judge: graded(
      title(/content (creator|producer)|short-form content/i),
      title(/content|video editor|social/i),
    ),
  },
  { q: "email marketing", judge: graded(title(/email|lifecycle/i), role(/email|klaviyo/i)) },
  {
    q: "head of marketing",
    judge: graded(
      title(/(head|vp|director|chief) of marketing|\bCMO\b/i),
      all(department("marketing", "influencer-marketing"), title(/head|director|\bvp\b/i)),
    ),
  },
  { q: "entry level", judge: graded(title(/junior|intern|associate|entry/i), title(/assistant/i)) },
  { q: "internship", judge: graded(title(/\bintern(ship)?\b/i)) },
  // Tools and skills.
  { q: "premiere pro", judge: graded(text(/premiere pro/i), any(VIDEO_EDITOR, POST_PRODUCTION)) },
  { q: "after effects", judge: graded(text(/after effects/i), any(MOTION, VIDEO_EDITOR)) },
  { q: "davinci", judge: graded(text(/davinci/i), any(VIDEO_EDITOR, POST_PRODUCTION)) },
  { q: "figma", judge: graded(text(/figma/i), DESIGNER) },
  { q: "motion designer", judge: graded(MOTION, any(VIDEO_EDITOR, DESIGNER)) },
  { q: "animator", judge: graded(MOTION, any(VIDEO_EDITOR, DESIGNER)) },
  { q: "colorist", judge: graded(title(/colou?rist/i), any(VIDEO_EDITOR, POST_PRODUCTION)) },
  {
    q: "thumbnail designer",
    judge: graded(title(/thumbnail/i), any(GRAPHIC_DESIGNER, role(/thumbnail/i))),
  },
  {
    q: "ux",
    judge: graded(title(/\bUX\b|product designer/i), any(DESIGNER, title(/research/i))),
  },
  {
    q: "react native",
    judge: graded(text(/react native/i), title(/mobile|\bios\b|android|front-?end|full-stack/i)),
  },
  { q: "sql", judge: graded(text(/\bSQL\b/i), title(/data|analyst|analytics/i)) },
  { q: "whitelisting", judge: graded(title(/whitelisting/i), role(/whitelist/i)) },
  { q: "shopify", judge: graded(role(/shopify/i), text(/shopify/i)) },
  // Companies on the sample board.
  { q: "Tidewater Studios", judge: graded(company(/^tidewater studios$/i)) },
  { q: "brightwater", judge: graded(company(/^brightwater\b/i)) },
  { q: "signal labs", judge: graded(company(/^signal labs$/i)) },
  { q: "Castworks", judge: graded(company(/^castworks$/i)) },
  { q: "loopable", judge: graded(company(/^loopable$/i)) },
];
