/*
 * The words of the creator economy that keyword search treats as one: reviewed by hand, like
 * the taxonomy. Write each entry as people type it (lower case; spaces and hyphens split words,
 * so "e-commerce" and "e commerce" are one entry). features/jobs/tests/unit/search-query.test.ts checks that no
 * phrase appears twice and that every entry parses.
 *
 * A search that contains an entry also matches each other entry of its group: "yt editor" finds
 * "YouTube Video Editor". Abbreviations go one way only: "smm" finds "social media manager", but
 * a search for "social media manager" does not look for the letters "smm".
 */

/** Words and phrases that mean the same: a search for any of them finds them all. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // Platforms
  ["youtube", "you tube"],
  ["tiktok", "tik tok"],
  ["instagram", "insta"],
  ["linkedin", "linked in"],
  ["twitch", "live streaming", "livestreaming"],
  ["podcast", "podcasting", "podcaster", "pod cast"],
  ["newsletter", "substack"],
  ["short form", "shorts", "reels"],
  // Roles
  ["video editor", "video editing", "editor video"],
  ["thumbnail designer", "thumbnail artist", "thumbnails"],
  ["motion designer", "motion graphics", "motion design", "mograph", "animator"],
  ["colorist", "colourist", "color grading", "colour grading"],
  ["copywriter", "copy writer", "copywriting", "content writer"],
  ["scriptwriter", "script writer", "scriptwriting", "script writing"],
  ["talent manager", "creator manager", "talent management", "creator management"],
  ["partnerships", "brand partnerships", "brand deals", "sponsorships"],
  ["influencer marketing", "creator marketing", "influencer campaigns"],
  ["community manager", "community management", "community lead"],
  ["social media manager", "social media management", "social media lead"],
  ["user generated content", "ugc creator"],
  ["graphic designer", "graphic design", "visual designer"],
  ["software engineer", "software developer", "programmer", "swe"],
  ["frontend", "front end", "front-end engineer"],
  ["data analyst", "data analysis"],
  ["customer support", "customer service", "customer success"],
  ["people operations", "human resources", "people ops"],
  ["bookkeeper", "bookkeeping", "accounts payable"],
  ["paralegal", "legal assistant"],
  ["lawyer", "attorney", "counsel", "solicitor"],
  ["content moderator", "community moderator", "moderator", "trust and safety"],
  ["ecommerce", "e commerce", "online store"],
  ["intern", "internship", "trainee"],
  ["freelance", "freelancer"],
  // Tools
  ["premiere pro", "adobe premiere", "premiere"],
  ["davinci resolve", "davinci"],
  ["after effects", "adobe after effects"],
  ["final cut pro", "final cut", "fcpx"],
  ["photoshop", "adobe photoshop"],
  ["illustrator", "adobe illustrator"],
  ["figma"],
  ["capcut"],
  ["canva"],
];

/**
 * Broad words and the job titles they cover, written as one word: "writer" also finds
 * "copywriter", not the reverse.
 */
export const NARROWER_TERMS: Readonly<Record<string, readonly string[]>> = {
  writer: ["copywriter", "scriptwriter", "content writer", "ghostwriter"],
  "entry level": ["junior", "intern", "internship", "associate", "graduate", "trainee"],
  graduate: ["junior", "intern", "graduate"],
};

/** Abbreviations and what they stand for: the abbreviation also finds these, not the reverse. */
export const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  yt: ["youtube"],
  tt: ["tiktok"],
  ig: ["instagram"],
  fb: ["facebook"],
  smm: ["social media manager", "social media marketing", "social media"],
  ugc: ["user generated content"],
  pm: ["product manager", "project manager"],
  apm: ["associate product manager"],
  seo: ["search engine optimization"],
  sem: ["search engine marketing", "paid search"],
  ppc: ["paid search", "paid ads"],
  cro: ["conversion rate optimization"],
  ops: ["operations"],
  bizops: ["business operations"],
  hr: ["human resources", "people operations"],
  ta: ["talent acquisition", "recruiter"],
  pr: ["public relations"],
  bd: ["business development"],
  bizdev: ["business development"],
  biz: ["business"],
  sdr: ["sales development representative"],
  bdr: ["business development representative"],
  ae: ["after effects", "account executive"],
  cm: ["community manager"],
  csm: ["customer success manager"],
  vp: ["vice president"],
  svp: ["senior vice president"],
  evp: ["executive vice president"],
  ceo: ["chief executive officer"],
  cfo: ["chief financial officer"],
  coo: ["chief operating officer"],
  cto: ["chief technology officer"],
  cmo: ["chief marketing officer"],
  sr: ["senior"],
  snr: ["senior"],
  jr: ["junior"],
  mgr: ["manager"],
  eng: ["engineer", "engineering"],
  dev: ["developer", "engineer"],
  devops: ["site reliability engineer", "infrastructure engineer"],
  sre: ["site reliability engineer"],
  fe: ["frontend"],
  ml: ["machine learning"],
  ai: ["artificial intelligence", "machine learning"],
  qa: ["quality assurance"],
  ux: ["user experience", "product designer"],
  ui: ["user interface", "product designer"],
  gfx: ["graphic designer"],
  vfx: ["visual effects"],
  ps: ["photoshop"],
  fcp: ["final cut pro"],
  exec: ["executive"],
  asst: ["assistant"],
  coord: ["coordinator"],
  mktg: ["marketing"],
  admin: ["administrative", "administration"],
  ea: ["executive assistant"],
  pa: ["personal assistant", "production assistant"],
  fpa: ["financial planning"],
  cpa: ["accountant"],
  mcn: ["multi channel network"],
  dtc: ["direct to consumer"],
  d2c: ["direct to consumer"],
};
