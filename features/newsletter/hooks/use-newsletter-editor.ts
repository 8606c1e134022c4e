import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";

/*
 * The newsletter's editor on /review/newsletter (issue 66): the issues, one to edit, and its
 * changes. Every change is followed by a fresh read.
 */

export type EditorIssueSummary = ApiAnswer<"listNewsletterIssues">["issues"][number];
export type EditorIssue = ApiAnswer<"getNewsletterIssue">;
export type IssueChange = ApiBody<"updateNewsletterIssue">;

const keys = {
  all: ["admin", "newsletter"] as const,
  issue: (id: number) => ["admin", "newsletter", id] as const,
};

/** GET /api/moderation/newsletter: every issue, the coming one first. */
export function useNewsletterIssues() {
  return usePersonalQuery({ queryKey: keys.all, operation: "listNewsletterIssues" });
}

/** GET /api/moderation/newsletter/{issueId}: one issue with its listings in order. */
export function useNewsletterIssue(issueId: number | null) {
  return usePersonalQuery({
    queryKey: keys.issue(issueId ?? 0),
    operation: "getNewsletterIssue",
    params: { issueId: String(issueId ?? 0) },
    enabled: issueId !== null,
  });
}

/** PATCH /api/moderation/newsletter/{issueId}: subject, introduction, order. */
export function useUpdateIssue(issueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueChange) =>
      callOperation("updateNewsletterIssue", { params: { issueId: String(issueId) }, body }),
    onSuccess: (issue) => {
      queryClient.setQueryData(keys.issue(issueId), issue);
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}
