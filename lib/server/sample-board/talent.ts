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

export type SampleCandidate = { user: NewUser; preferences: Omit<NewPreferences, "userId"> };

/**
 * Candidates for the talent page of the sample board, the same on every run: they have opted
 * in, have no email address and cannot sign in (no Firebase account has their uid).
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
        profileVisibility: "public",
      },
      preferences: {
        departments: [track.department],
        regions: remoteOnly ? [] : [place.region],
        remoteOnly,
      },
    };
  });
}
