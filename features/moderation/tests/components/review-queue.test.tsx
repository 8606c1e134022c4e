import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ReviewQueue } from "@/features/moderation/components/review-queue";
import { listingKeys } from "@/lib/query-keys";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { createQueryClient } from "@/lib/query-client";
import type { ReviewItem } from "@/features/listings/types";
import { renderInApp } from "@/tests/render";

/*
 * The moderators' review of a listing shows what Google's rules for job postings find in it
 * (issue 26): errors before the Approve button, which they disable; warnings folded away.
 */

const WARNINGS: ReviewItem["posting_issues"] = [
  { severity: "warning", field_names: ["baseSalary"], message: 'Missing field "baseSalary"' },
  {
    severity: "warning",
    field_names: ["jobLocationType"],
    message: 'Missing field "jobLocationType" (optional)',
  },
];

const item = (id: number, title: string, issues: ReviewItem["posting_issues"]): ReviewItem => ({
  id,
  slug: "video-editor",
  title,
  department: "video-editing",
  region: "remote",
  type: "full-time",
  location: "Remote",
  salary_min: null,
  salary_max: null,
  salary_currency: "USD",
  salary_period: "year",
  company: { name: "Studio North", website: null, logo_url: null, about: null },
  company_change: null,
  description: "Cut our shorts.",
  apply_url: "https://studionorth.example/jobs",
  apply_method: "link",
  screening_questions: [],
  applications_close_at: null,
  apply_email: null,
  plan: "standard",
  plan_name: "Standard",
  payment_status: "none",
  state: "in_review",
  submitted_at: "2026-11-20T09:00:00.000Z",
  submitter: { email: "hiring@studio.example", name: "Hana" },
  posting_issues: issues,
});

function renderQueue(items: ReviewItem[]) {
  const queryClient = createQueryClient();
  const answer: ApiAnswer<"getReviewQueue"> = {
    pending: items,
    awaiting_payment: [],
    drafts_value_minor: 0,
    currency: "usd",
  };
  queryClient.setQueryData(listingKeys.queue, answer);
  return renderInApp(<ReviewQueue />, { pathname: "/review", token: "token-1", queryClient });
}

const card = (title: string) => screen.findByRole("listitem", { name: title });

describe("ReviewQueue and Google's rules for job postings", () => {
  it("shows a listing's errors in plain words, disables Approve and says to reject", async () => {
    renderQueue([
      item(1, "Remote Editor", [
        {
          severity: "error",
          field_names: ["applicantLocationRequirements"],
          message: 'Required attribute "applicantLocationRequirements" is missing',
        },
        ...WARNINGS,
      ]),
    ]);
    const listing = within(await card("Remote Editor"));
    expect(listing.getByText(/Google's job search would refuse this listing/)).toBeVisible();
    const error = listing.getByText(/the countries applicants may live in/).closest("li")!;
    expect(error).toHaveTextContent(
      'the countries applicants may live in (applicantLocationRequirements): Required attribute "applicantLocationRequirements" is missing',
    );

    const approve = listing.getByRole("button", { name: /Approve and publish/ });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      /Reject it with a reason asking the employer to fix this/,
    );
    // Rejecting is the way forward: its form is open.
    expect(listing.getByRole("textbox", { name: /Why it is not approved/ })).toBeVisible();
    expect(listing.getByRole("button", { name: /Reject listing/ })).toBeVisible();
  });

  it("folds a valid listing's warnings away and lets it be approved", async () => {
    const user = userEvent.setup();
    renderQueue([item(2, "Video Editor", WARNINGS)]);
    const listing = within(await card("Video Editor"));
    expect(listing.queryByText(/would refuse this listing/)).toBeNull();
    expect(listing.getByRole("button", { name: /Approve and publish/ })).toBeEnabled();

    expect(listing.queryByText(/baseSalary/)).toBeNull();
    await user.click(listing.getByRole("button", { name: /2 suggestions/ }));
    expect(listing.getByText(/the pay/).closest("li")).toHaveTextContent(
      'the pay (baseSalary): Missing field "baseSalary"',
    );
    // The reject form waits behind its button, as before.
    expect(listing.queryByRole("textbox", { name: /Why it is not approved/ })).toBeNull();
  });
});
