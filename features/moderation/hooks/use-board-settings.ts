import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";

/*
 * The board's settings (issue 64) on /review/settings, owners only: read, and saved whole (the
 * answer goes into the cache as it is).
 */

export type BoardSettingsAnswer = ApiAnswer<"getBoardSettings">["settings"];
export type BoardSettingsBody = ApiBody<"updateBoardSettings">["settings"];

export const boardSettingsKeys = { settings: ["admin", "board-settings"] as const };

/** GET /api/moderation/settings. */
export function useBoardSettingsAnswer(enabled: boolean) {
  return usePersonalQuery({
    queryKey: boardSettingsKeys.settings,
    operation: "getBoardSettings",
    enabled,
  });
}

/** PUT /api/moderation/settings: every page shows the change on its next visit. */
export function useSaveBoardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BoardSettingsBody) =>
      callOperation("updateBoardSettings", { body: { settings } }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(boardSettingsKeys.settings, { settings });
      toast.success("Settings saved: every page shows them from now on");
    },
  });
}
