import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { candidateKeys } from "@/features/account/hooks/candidate-keys";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";

/** The signed-in candidate's applications made on the board, and where each stands. */
export const useBoardApplications = () =>
  usePersonalQuery({
    queryKey: candidateKeys.boardApplications,
    operation: "listOwnJobApplications",
    select: (data: ApiAnswer<"listOwnJobApplications">) => data.applications,
  });

/** Withdraws one of them; the list is read again afterwards. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; title: string }) =>
      callOperation("withdrawJobApplication", { params: { applicationId: id } }),
    onSuccess: (_, { title }) => toast.success(`Withdrawn: ${title}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidateKeys.boardApplications }),
  });
}

/** Writes to the employer on one of the candidate's applications; the list is read again. */
export function useWriteToEmployer(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"writeToEmployer">) =>
      callOperation("writeToEmployer", { params: { applicationId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidateKeys.boardApplications }),
  });
}
