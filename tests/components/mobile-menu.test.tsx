import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { MobileMenu } from "@/components/layout/mobile-menu";
import { latestReport } from "@/lib/reports/reports";
import { renderInApp } from "@/tests/render";

async function openPanel() {
  const user = userEvent.setup();
  renderInApp(<MobileMenu theme="violet" />);
  await user.click(screen.getByRole("button", { name: "Open menu" }));
  const panel = await screen.findByRole("dialog");
  return { user, panel: within(panel) };
}

// The panel loads when first wanted; loaded once here, so that no test waits for the bundler.
beforeAll(() => import("@/components/layout/mobile-menu-panel"));

describe("MobileMenu", () => {
  it("is closed until its button is pressed", () => {
    renderInApp(<MobileMenu theme="light" />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  it("repeats the header's links and the Sign in button", async () => {
    const { panel } = await openPanel();
    expect(panel.getByRole("link", { name: "Jobs" })).toHaveAttribute("href", "/");
    expect(panel.getByRole("link", { name: "Post a job" })).toHaveAttribute("href", "/submit");
    expect(panel.getByRole("link", { name: "Candidates" })).toHaveAttribute("href", "/talent");
    expect(panel.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  });

  it("toggles the Pricing and Resources sub-menus independently", async () => {
    const { user, panel } = await openPanel();
    const pricing = panel.getByRole("button", { name: "Pricing" });
    const resources = panel.getByRole("button", { name: "Resources" });
    expect(panel.queryByRole("link", { name: "Sponsored Listings" })).not.toBeInTheDocument();

    await user.click(pricing);
    expect(pricing).toHaveAttribute("aria-expanded", "true");
    expect(panel.getByRole("link", { name: "Sponsored Listings" })).toHaveAttribute(
      "href",
      "/pricing",
    );
    expect(panel.getByRole("link", { name: "Recruitment Services" })).toHaveAttribute(
      "href",
      "/recruitment-services",
    );
    expect(resources).toHaveAttribute("aria-expanded", "false");

    await user.click(resources);
    // The last completed quarter's report: Q3 2026 on 2026-11-23.
    const latest = latestReport();
    expect(
      panel.getByRole("link", { name: `Creator Economy Hiring Trends Report ${latest.quarter}` }),
    ).toHaveAttribute("href", latest.path);

    await user.click(pricing);
    expect(pricing).toHaveAttribute("aria-expanded", "false");
    expect(panel.queryByRole("link", { name: "Sponsored Listings" })).not.toBeInTheDocument();
  });

  it("closes with its close button and with Escape", async () => {
    const { user, panel } = await openPanel();
    await user.click(panel.getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("closes when a link in it is followed", async () => {
    const { user, panel } = await openPanel();
    await user.click(panel.getByRole("link", { name: "Post a job" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
