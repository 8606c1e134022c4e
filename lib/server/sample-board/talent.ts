import type { NewUser, NewPreferences } from "../db/schema";
import { createRandom } from "./random";

/** Sample candidates' uids start with this, so they can be told from real people and removed. */
export const SAMPLE_UID_PREFIX = "sample:";

const FIRST_NAMES = [
  "Amara",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Femi",
  "Grace",
  "Hiro",
  "Isla",
  "Jonah",
  "Kemi",
  "Leo",
  "Maya",
  "Nico",
  "Olivia",
  "Priya",
  "Quinn",
  "Rafael",
  "Sara",
  "Tomás",
  "Uma",
  "Viktor",
  "Wen",
  "Yara",
  "Zoe",
  "Aisha",
  "Caleb",
  "Daniela",
  "Ethan",
  "Farah",
  "Gabriel",
  "Hana",
] as const;

const LAST_NAMES = [
  "Adeyemi",
  "Bauer",
  "Chen",
  "Dubois",
  "Evans",
  "Fernández",
  "Gupta",
  "Hughes",
  "Ito",
  "Jensen",
  "Khan",
  "Lopez",
  "Mensah",
  "Novak",
  "Okafor",
  "Park",
  "Rossi",
  "Silva",
  "Tanaka",
  "Walsh",
] as const;

/** What people in each department call themselves, and the skills they list. */
const TRACKS = [
  {
    department: "creator-partnerships",
    headlines: ["Creator partnerships manager", "Brand partnerships lead for gaming creators"],
    skills: ["Brand deals", "Negotiation", "Campaign reporting", "YouTube", "Twitch"],
  },
  {
    department: "influencer-marketing",
    headlines: ["Influencer marketing manager", "Head of influencer at a DTC brand"],
    skills: ["TikTok", "Instagram", "Creator sourcing", "Briefing", "Paid social"],
  },
  {
    department: "talent-management",
    headlines: ["Talent manager for lifestyle creators", "Senior talent manager"],
    skills: ["Contract negotiation", "Rate cards", "Creator care", "Media kits"],
  },
  {
    department: "design",
    headlines: ["Thumbnail and brand designer", "Motion designer for YouTube channels"],
    skills: ["Figma", "After Effects", "Thumbnails", "Brand identity", "Photoshop"],
  },
  {
    department: "marketing",
    headlines: ["Short-form video editor", "Content strategist for creator brands"],
    skills: ["Premiere Pro", "CapCut", "Scripting", "Analytics", "Shorts"],
  },
  {
    department: "engineering",
    headlines: ["Full-stack engineer building creator tools", "Data engineer, creator analytics"],
    skills: ["TypeScript", "React", "PostgreSQL", "Python", "YouTube API"],
  },
  {
    department: "operations",
    headlines: ["Operations lead at a creator-led brand", "Production manager"],
    skills: ["Production planning", "Notion", "Budgeting", "Vendor management"],
  },
] as const;

const PLACES = [
  { region: "united-states", location: "Los Angeles, CA" },
  { region: "united-states", location: "New York, NY" },
  { region: "united-kingdom", location: "London, UK" },
  { region: "united-kingdom", location: "Manchester, UK" },
  { region: "canada", location: "Toronto, Canada" },
  { region: "europe", location: "Berlin, Germany" },
  { region: "europe", location: "Lisbon, Portugal" },
  { region: "australia", location: "Sydney, Australia" },
  { region: "asia", location: "Singapore" },
  { region: "africa", location: "Lagos, Nigeria" },
  { region: "south-america", location: "São Paulo, Brazil" },
] as const;

export type SampleCandidate = {
  user: NewUser;
  preferences: Omit<NewPreferences, "userId">;
  /** How many days before the board's `now` they were last signed in (the directory's filter). */
  activeDaysAgo: number;
};

/** How long ago candidates were last active, in turn: within a week, a month, a quarter, longer. */
const ACTIVE_DAYS_AGO = [0, 3, 12, 25, 50, 80, 120] as const;
/** The kinds of work candidates are open to, in turn (their preferences' job types). */
const WANTED_TYPES = [
  ["full-time"],
  ["full-time", "contractor"],
  ["contractor"],
  ["part-time", "contractor"],
  ["full-time", "part-time"],
  ["internship"],
] as const;

/**
 * Every third candidate shows their profile to employers only: the employers' directory finds
 * them, the public talent page does not.
 */
const EMPLOYERS_ONLY_EVERY = 3;

/**
 * Candidates for the talent page and the employers' directory of the sample board, the same on
 * every run: most public, every third employers-only; they have no email address and cannot
 * sign in (no Firebase account has their uid). What they want (types, pay) and when they were
 * last active come from their place in the list, not the random draws, so that the draws (and
 * the applications made from them) stay as they were.
 */
export function generateSampleTalent(count = 36, seed = 20_231): SampleCandidate[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const track = random.pick(TRACKS);
    const place = random.pick(PLACES);
    const remoteOnly = random.chance(0.3);
    return {
      user: {
        firebaseUid: `${SAMPLE_UID_PREFIX}${index + 1}`,
        fullName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        headline: random.pick(track.headlines),
        location: remoteOnly ? `${place.location} (remote)` : place.location,
        skills: random.sample(track.skills, random.int(3, track.skills.length)),
        openToWork: random.chance(0.75),
        profileVisibility: index % EMPLOYERS_ONLY_EVERY === 1 ? "employers" : "public",
      },
      preferences: {
        departments: [track.department],
        regions: remoteOnly ? [] : [place.region],
        remoteOnly,
        types: [...WANTED_TYPES[index % WANTED_TYPES.length]!],
        // Most name the least they would take a year; every fifth says nothing.
        salaryMin: index % 5 === 4 ? null : 40_000 + (index % 7) * 10_000,
      },
      activeDaysAgo: ACTIVE_DAYS_AGO[index % ACTIVE_DAYS_AGO.length]!,
    };
  });
}
