import { callOperation } from "@/lib/api/call";
import { routes } from "@/lib/routes";

/** Where someone who just signed in without a `?next=` lands. */
async function landingPage(): Promise<string> {
  try {
    const user = await callOperation("getCurrentUser");
    // A moderator's work is the review queue; an employer's (issue 61), their listings.
    if (user.is_moderator) return routes.review;
    return user.company ? routes.listings : routes.profile;
  } catch {
    return routes.profile;
  }
}

/** The sign-in pages' landing: asks the API who signed in (the same function every render). */
export const useLandingPage = () => landingPage;
