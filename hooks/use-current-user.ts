import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import { roleAtLeast } from "@/lib/auth/company-roles";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";

/** Spec §9: the current user is fresh for two minutes. */
export const CURRENT_USER_STALE_TIME = 120_000;

/** The signed-in user as GET /api/current_user answers (spec §3 reads avatar_url and full_name). */
export type CurrentUser = ApiAnswer<"getCurrentUser">;

/** The fields PATCH /api/current_user takes. */
export type CurrentUserChanges = ApiBody<"updateCurrentUser">["user"];

export const currentUserKeys = {
  all: ["current_user"] as const,
};

/** GET /api/current_user, only with a token; fresh for 2 minutes, not refetched on focus. */
export const useCurrentUser = () =>
  usePersonalQuery({
    queryKey: currentUserKeys.all,
    operation: "getCurrentUser",
    staleTime: CURRENT_USER_STALE_TIME,
    refetchOnWindowFocus: false,
  });

/** PATCH /api/current_user with `{ user: changes }`; then the current-user cache is refreshed. */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: CurrentUserChanges) =>
      callOperation("updateCurrentUser", { body: { user: changes } }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKeys.all, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
  });
}

export const ACCOUNT_DELETED_MESSAGE = "Your account and everything in it are deleted.";

/**
 * DELETE /api/current_user; then the visitor is signed out, which empties the cache (a refetch
 * with the old token would only be refused) and leaves the profile area.
 */
export function useDeleteCurrentUser() {
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: () => callOperation("deleteCurrentUser"),
    // An owner of a company with others in it is told to hand it over first (409): in the dialog.
    meta: { showsError: true },
    onSuccess: async () => {
      // Said here, not by the screen: the screen is gone once the visitor is signed out.
      toast.success(ACCOUNT_DELETED_MESSAGE);
      await signOut();
    },
  });
}

/**
 * Whether the signed-in person may change what their company runs (listings, applicants, the
 * company page): a recruiter or above (issue 44). Null while not known. The server checks it
 * all the same; this only spares a reader forms they cannot send.
 */
export function useCanRunCompany(): boolean | null {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const role = user.company?.role;
  return role !== undefined && roleAtLeast(role, "recruiter");
}
