import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { currentUserKeys } from "@/hooks/use-current-user";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { errorCode, isRefusal, serverMessage } from "@/lib/form-errors";
import type { InvitationAnswer } from "@/features/companies/hooks/use-team";

/**
 * POST /api/companies/{slug}/claim: the signed-in person becomes the owner of a company the
 * board added with no account (issue 46). Its refusals (not at the domain, in a company already,
 * claimed meanwhile) come back as an answer, not a toast: the page says them.
 */
export function useClaimCompany(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<InvitationAnswer<ApiAnswer<"claimCompany">["company"]>> => {
      try {
        const answer = await callOperation("claimCompany", { params: { slug } });
        return { ok: answer.company };
      } catch (error) {
        if (isRefusal(error)) {
          return {
            refused: serverMessage(error, "This company cannot be claimed."),
            code: errorCode(error),
          };
        }
        throw error;
      }
    },
    onSuccess: (answer) => {
      if (!("ok" in answer)) return;
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
      toast.success(`You run ${answer.ok.name} on the board now`);
    },
  });
}
