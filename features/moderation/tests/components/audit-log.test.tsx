import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AuditLog } from "@/features/moderation/components/audit-log";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { fakeApi } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";

/*
 * The audit log's history of what the board sells (issue 63): a plan's, pack's or coupon's
 * entries, asked for by the address the offer console's History links give, or by the filter.
 */

type Page = ApiAnswer<"listAuditLog">;

const entry = (change: Partial<Page["entries"][number]>): Page["entries"][number] => ({
  id: 7,
  at: "2026-11-20T09:00:00.000Z",
  role: "moderator",
  actor_email: "owner@board.example",
  action: "plan.update",
  subject_type: "plan",
  subject_id: 2,
  detail: { slug: "sponsored", before: { price_minor: 19_900 }, after: { price_minor: 24_900 } },
  ...change,
});

describe("the audit log's history of the offer", () => {
  it("shows a plan's history when the address asks for it, naming the plan", async () => {
    const api = fakeApi({ listAuditLog: () => ({ entries: [entry({})], next_before: null }) });
    renderInApp(<AuditLog />, {
      pathname: "/review?tab=audit&subject_type=plan&subject_id=2",
      token: "token-1",
    });
    const table = await screen.findByRole("table", { name: "Audit log, newest first" });
    expect(api.of("listAuditLog").map(({ query }) => query)).toEqual([
      { subject_type: "plan", subject_id: "2" },
    ]);
    expect(within(table).getByText("Plan #2 (sponsored)")).toBeVisible();
    expect(table).toHaveTextContent("owner@board.example");
    expect(screen.getByRole("combobox", { name: "Subject" })).toHaveValue("plan");
    expect(screen.getByRole("textbox", { name: "Number" })).toHaveValue("2");
    expect(api.problems).toEqual([]);
  });

  it("filters by coupon from the form", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      listAuditLog: ({ query }) => ({
        entries:
          query.subject_type === "coupon"
            ? [
                entry({
                  action: "coupon.create",
                  subject_type: "coupon",
                  detail: { code: "LAUNCH20" },
                }),
              ]
            : [],
        next_before: null,
      }),
    });
    renderInApp(<AuditLog />, { pathname: "/review?tab=audit", token: "token-1" });
    await screen.findByText("Nothing recorded");
    await user.selectOptions(screen.getByRole("combobox", { name: "Subject" }), "Coupon");
    await user.click(screen.getByRole("button", { name: "Show" }));
    const table = await screen.findByRole("table", { name: "Audit log, newest first" });
    expect(within(table).getByText("Coupon #2 (LAUNCH20)")).toBeVisible();
    await waitFor(() =>
      expect(api.of("listAuditLog").map(({ query }) => query)).toEqual([
        {},
        { subject_type: "coupon" },
      ]),
    );
    expect(api.problems).toEqual([]);
  });

  it("offers every subject the board's team changes, and filters by blog post", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      listAuditLog: ({ query }) => ({
        entries:
          query.subject_type === "post"
            ? [
                entry({
                  action: "post.delete",
                  subject_type: "post",
                  detail: { title: "Zażółć gęślą jaźń", slug: "zazolc-gesla-jazn" },
                }),
              ]
            : [],
        next_before: null,
      }),
    });
    renderInApp(<AuditLog />, { pathname: "/review?tab=audit", token: "token-1" });
    await screen.findByText("Nothing recorded");
    const subject = screen.getByRole("combobox", { name: "Subject" });
    const labels = within(subject)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(labels).toEqual(
      expect.arrayContaining([
        "Blog post",
        "Blog author",
        "Partner offer",
        "Legal page version",
        "Board settings",
      ]),
    );
    await user.selectOptions(subject, "Blog post");
    await user.click(screen.getByRole("button", { name: "Show" }));
    const table = await screen.findByRole("table", { name: "Audit log, newest first" });
    expect(within(table).getByText("Blog post #2 (zazolc-gesla-jazn)")).toBeVisible();
    await waitFor(() =>
      expect(api.of("listAuditLog").map(({ query }) => query)).toEqual([
        {},
        { subject_type: "post" },
      ]),
    );
    expect(api.problems).toEqual([]);
  });
});
