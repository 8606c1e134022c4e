import { useMutation } from "@tanstack/react-query";
import { callOperation } from "@/lib/api/call";
import type { JobSubmission } from "@/features/listings/submission-schemas";

/** POST /api/listings: the listing from /submit. Every refusal is the form's to say. */
export function useSubmitListing() {
  return useMutation({
    // Every refusal is said in the form: beside its field, or under the button.
    meta: { showsError: true },
    mutationFn: (submission: JobSubmission) => callOperation("submitListing", { body: submission }),
  });
}
