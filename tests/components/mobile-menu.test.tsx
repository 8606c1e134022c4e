import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MobileMenu } from "@/components/layout/mobile-menu";
import { currentUserKeys } from "@/hooks/use-current-user";
import { createQueryClient } from "@/lib/query-client";
import { latestReport } from "@/features/reports/reports";
import { renderInApp } from "@/tests/render";

/*
 * The browser opens and closes the panel (an HTML popover, which jsdom does not run): these tests
 * read what the browser is given; e2e/mobile.spec.ts and e2e/page-start.spec.ts press it.
 */
function renderMenu() {
  renderInApp(<MobileMenu theme="violet" />);
  // Closed, the popover is not rendered: found by its id, as the button names it.
  const button = screen.getByRole("button", { name: "Open menu", hidden: true });
  const panel = document.getElementById(button.getAttribute("popovertarget")!)!;
  return { button, panel, inPanel: within(panel) };
}

describe("MobileMenu", () => {
  it("is a button the browser opens the panel with, no script needed", () => {
    const { button, panel } = renderMenu();
    expect(panel).toHaveAttribute("popover", "auto");
    expect(panel).toHaveAttribute("role", "dialog");
    expect(panel).toHaveAttribute("aria-label", "Menu");
    // The browser says whether it is expanded; a fixed attribute would be wrong once opened.
    expect(button).not.toHaveAttribute("aria-expanded");
  });

  it("has a close button that takes focus when the panel opens", () => {
    const { panel, inPanel } = renderMenu();
    const close = inPanel.getByRole("button", { name: "Close menu", hidden: true });
    expect(close).toHaveAttribute("popovertarget", panel.id);
    expect(close).toHaveAttribute("popovertargetaction", "hide");
    // Rendered for the browser, which focuses it when it shows the panel.
    expect(close.autofocus).toBe(true);
  });

  it("repeats the header's links and the Sign in button", () => {
    const { inPanel } = renderMenu();
    const link = (name: string) => inPanel.getByRole("link", { name, hidden: true });
    expect(link("Jobs")).toHaveAttribute("href", "/");
    expect(link("Post a job")).toHaveAttribute("href", "/submit");
    expect(link("Candidates")).toHaveAttribute("href", "/talent");
    // Back to the page once signed in (issue 61).
    expect(link("Sign in")).toHaveAttribute("href", "/sign-in?next=%2F");
  });

  it("folds the Pricing and Resources sub-menus, each on its own", () => {
    const { panel } = renderMenu();
    const menus = [...panel.querySelectorAll("details")];
    expect(menus.map((menu) => menu.querySelector("summary")?.textContent)).toEqual([
      "Pricing",
      "Resources",
    ]);
    expect(menus.every((menu) => !menu.open && !menu.hasAttribute("name"))).toBe(true);
    const [pricing, resources] = menus.map((menu) => within(menu));
    expect(
      pricing!.getByRole("link", { name: "Sponsored Listings", hidden: true }),
    ).toHaveAttribute("href", "/pricing");
    // The last completed quarter's report: Q3 2026 on 2026-11-23.
    const latest = latestReport();
    expect(
      resources!.getByRole("link", {
        name: `Creator Economy Hiring Trends Report ${latest.quarter}`,
        hidden: true,
      }),
    ).toHaveAttribute("href", latest.path);
  });

  it("lists a signed-in employer's pages by role under the site's links (issue 61)", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserKeys.all, {
      is_moderator: false,
      company: { name: "Studio", slug: "studio", role: "recruiter" },
    });
    renderInApp(<MobileMenu theme="violet" />, { token: "token-1", queryClient });
    const yours = within(
      await screen.findByRole("navigation", { name: "Your pages", hidden: true }),
    );
    const link = (name: string) => yours.getByRole("link", { name, hidden: true });
    expect(link("Applications")).toHaveAttribute("href", "/applied-jobs");
    expect(link("Invitations")).toHaveAttribute("href", "/invitations");
    expect(link("Your listings")).toHaveAttribute("href", "/listings");
    expect(link("Team")).toHaveAttribute("href", "/listings/team");
    // Billing and imports are the owner's and admins'; the review queue, moderators'.
    expect(yours.queryByRole("link", { name: "Billing", hidden: true })).toBeNull();
    expect(yours.queryByRole("link", { name: "Review queue", hidden: true })).toBeNull();
  });
});
