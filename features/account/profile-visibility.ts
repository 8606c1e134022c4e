/*
 * Who sees the candidate's profile: the candidate's own setting (on /settings, summed up on
 * /profile). The directory (issue 47) reads it to decide whom it shows; the users table holds it.
 */

import type { ProfileVisibility } from "@/lib/users/profile-visibility";

/** The values are shared: the signed-in person's account (lib/users/schemas.ts) carries one. */
export {
  DEFAULT_PROFILE_VISIBILITY,
  PROFILE_VISIBILITIES,
  type ProfileVisibility,
} from "@/lib/users/profile-visibility";

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
