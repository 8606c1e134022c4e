/*
 * Who sees the candidate's profile: the candidate's own setting (on /settings, summed up on
 * /profile). The directory (issue 47) reads it to decide whom it shows; the users table holds it.
 */

import type { ProfileVisibility } from "@/lib/model/account";

/**
 * Who sees a candidate's profile: everyone (the public talent page, and employers), employers
 * only (members of a company with a listing that went live; never the public page, the sitemap or
 * a search engine), or nobody. New profiles are hidden. The values are the data model's.
 */
export {
  DEFAULT_PROFILE_VISIBILITY,
  PROFILE_VISIBILITIES,
  type ProfileVisibility,
} from "@/lib/model/account";

export const PROFILE_VISIBILITY_LABELS: Record<ProfileVisibility, string> = {
  public: "Public",
  employers: "Employers only",
  hidden: "Hidden",
};

export const PROFILE_VISIBILITY_HINTS: Record<ProfileVisibility, string> = {
  public:
    "Anyone can see your card on the talent page, and employers hiring on the board can find and open your profile.",
  employers:
    "Only employers hiring on the board can find and open your profile. It is never on the talent page or in search engines.",
  hidden:
    "Nobody can find or open your profile. Employers you apply to still see your application.",
};
