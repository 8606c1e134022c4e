import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { LegalDocumentName } from "@/features/content/legal";
import type { LegalVersionInput, PendingTerm } from "@/features/content/legal-schemas";

/** The legal documents' versions and their acceptance (issue 64), as the screens call them. */

export const legalKeys = {
  versions: (document: LegalDocumentName) => ["moderation", "legal", document] as const,
  pending: ["current_user", "terms"] as const,
};

/** GET a document's versions, newest first (editors). */
export const useLegalVersions = (document: LegalDocumentName) =>
  usePersonalQuery({
    queryKey: legalKeys.versions(document),
    operation: "listLegalVersions",
    params: { document },
  });

/** POST a new version of `document`; then its versions are read again. */
export function usePublishLegalVersion(document: LegalDocumentName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LegalVersionInput) =>
      callOperation("publishLegalVersion", { params: { document }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalKeys.versions(document) }),
  });
}

/** GET the new versions the signed-in person is asked to accept. */
export const usePendingTerms = () =>
  usePersonalQuery({
    queryKey: legalKeys.pending,
    operation: "getPendingTerms",
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

/** POST the acceptance of each pending version; then the pending ones are read again. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pending: PendingTerm[]) => {
      for (const term of pending) {
        await callOperation("acceptTerms", {
          body: { document: term.document, version: term.version },
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalKeys.pending }),
  });
}
