import { useMutation, useQueryClient } from "@tanstack/react-query";
import { candidateKeys } from "@/features/account/hooks/candidate-keys";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiBody } from "@/lib/api-registry/operations";

/** The candidate's CV as their profile keeps it (GET /api/profile/cv/meta). */
const cvKeys = ["profile", "cv"] as const;

/** The CV on the candidate's profile: its name and when it was uploaded, or none. */
export const useOwnCvDetails = () =>
  usePersonalQuery({
    queryKey: cvKeys,
    operation: "getOwnCvDetails",
  });

/**
 * Applies on the board (POST /api/jobs/{jobId}/applications). A new CV chosen in the form is
 * uploaded first (PUT /api/profile/cv), replacing the profile's, and copied with the application.
 */
export function useApplyOnBoard(
  jobId: number,
  { onSuccess, onError }: { onSuccess: () => void; onError: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, file }: { body: ApiBody<"applyOnBoard">; file: File | null }) => {
      if (file) {
        await callOperation("uploadOwnCv", {
          query: { name: file.name },
          body: file,
          config: { headers: { "Content-Type": "application/pdf" } },
        });
        await queryClient.invalidateQueries({ queryKey: cvKeys });
      }
      return callOperation("applyOnBoard", { params: { jobId }, body });
    },
    onSuccess: () => {
      onSuccess();
      void queryClient.invalidateQueries({ queryKey: candidateKeys.boardApplications });
    },
    onError,
  });
}
