import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";

const queueKey = ["admin", "queue"] as const;

/** The job queue's backlog and failed jobs; asked for only by someone who moderates. */
export function useJobQueueStatus(enabled: boolean) {
  return usePersonalQuery({
    queryKey: queueKey,
    operation: "getQueueStatus",
    enabled,
  });
}

/** Tries a failed job again; the status is read again afterwards. */
export function useRetryQueueJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callOperation("retryQueueJob", { params: { queueJobId: id } }),
    onSuccess: () => {
      toast.success("Queued to be tried again");
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
}
