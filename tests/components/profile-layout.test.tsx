import { BOARD_AREAS } from "@/lib/auth/board-roles";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProfileLayout } from "@/components/layout/profile-layout";
import { currentUserKeys } from "@/hooks/use-current-user";
import { createQueryClient } from "@/lib/query-client";
import { renderInApp } from "@/tests/render";

const SUPPORT = /^mailto:.+@.+/;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ProfileLayout", () => {
  it("shows nothing without a token, and sends the visitor to sign in and back", async () => {
    const { container, replaces } = renderInApp(
      <ProfileLayout>
        <p>Private content</p>
      </ProfileLayout>,
      { pathname: "/profile" },
    );
    // Rendered (the server's HTML holds it), but hidden: nothing to see, nothing to reach.
    expect(container.querySelector(".profile-layout")).toHaveAttribute("hidden");
    expect(screen.getByText("Private content")).not.toBeVisible();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign out" })).not.toBeInTheDocument();
    await waitFor(() => expect(replaces).toEqual(["/sign-in?next=%2Fprofile"]));
  });

  it("shows the desktop sidebar with the spec's labels, in order", async () => {
    renderInApp(
      <ProfileLayout>
        <p>Private content</p>
      </ProfileLayout>,
      { pathname: "/saved-jobs", token: "token-1" },
    );
    const sidebar = within(await screen.findByRole("navigation", { name: "Profile" }));
    const links = sidebar.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Profile overview", "/profile"],
      ["Preferences", "/preferences"],
      ["Favorite jobs", "/saved-jobs"],
      ["Applications", "/applied-jobs"],
      ["Not interested", "/rejected-jobs"],
      ["Invitations", "/invitations"],
      ["Settings", "/settings"],
      ["Support", expect.stringMatching(SUPPORT)],
      // After the spec's items: the bottom bar's Jobs, which a desktop had no way to (issue 61).
      ["Jobs for you", "/jobs"],
    ]);
    expect(sidebar.getByRole("link", { name: "Favorite jobs" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(sidebar.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    expect(screen.getByText("Private content")).toBeInTheDocument();
  });

  it("shows the mobile bottom bar with the spec's labels, in order", async () => {
    renderInApp(
      <ProfileLayout>
        <p>Private content</p>
      </ProfileLayout>,
      { pathname: "/jobs", token: "token-1" },
    );
    const bar = within(await screen.findByRole("navigation", { name: "Profile sections" }));
    expect(
      bar.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Overview", "/profile"],
      ["Prefer.", "/preferences"],
      ["Jobs", "/jobs"],
      ["Settings", "/settings"],
      ["Support", expect.stringMatching(SUPPORT)],
    ]);
    expect(bar.getByRole("link", { name: "Jobs" })).toHaveAttribute("aria-current", "page");
  });

  it("starts with a skip link to the content and keeps the phone's top bar in a landmark", async () => {
    renderInApp(
      <ProfileLayout>
        <p>Private content</p>
      </ProfileLayout>,
      { pathname: "/profile", token: "token-1" },
    );
    const skip = await screen.findByRole("link", { name: "Skip to content" });
    expect(skip).toHaveAttribute("href", "#main");
    expect(document.getElementById("main")).toContainElement(screen.getByText("Private content"));
    // The phone's top bar (the logo) is the banner landmark, not loose content.
    expect(within(screen.getByRole("banner")).getByRole("link")).toBeInTheDocument();
  });

  it("signs out from the sidebar: the token is cleared, with no detour to sign in", async () => {
    const user = userEvent.setup();
    // jsdom cannot navigate; the full reload to / is checked in the browser tests.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { container, pushes, replaces } = renderInApp(
      <ProfileLayout>
        <p>Private content</p>
      </ProfileLayout>,
      { pathname: "/settings", token: "token-1" },
    );
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(screen.getByText("Private content")).not.toBeVisible());
    expect(container.querySelector(".profile-layout")).toHaveAttribute("hidden");
    // The full reload to / replaces the app (checked in the browser tests), so no client route.
    expect(pushes).toEqual([]);
    expect(replaces).toEqual([]);
  });

  it("lists every page of an owner who moderates in the phone's menu, by role (issue 61)", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserKeys.all, {
      is_moderator: true,
      board_role: "owner",
      board_areas: BOARD_AREAS,
      company: { name: "Studio", slug: "studio", role: "owner" },
    });
    // The menu is a closed popover until its button is pressed (the browser tests open it).
    renderInApp(
      <ProfileLayout>
        <p>Private content</p>
      </ProfileLayout>,
      { pathname: "/listings/billing", token: "token-1", queryClient },
    );
    const menu = within(
      await screen.findByRole("navigation", { name: "Your pages", hidden: true }),
    );
    const section = (name: string) =>
      within(menu.getByRole("region", { name, hidden: true }))
        .getAllByRole("link", { hidden: true })
        .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(section("Your job search")).toEqual([
      ["Profile overview", "/profile"],
      ["Preferences", "/preferences"],
      ["Favorite jobs", "/saved-jobs"],
      ["Applications", "/applied-jobs"],
      ["Not interested", "/rejected-jobs"],
      ["Invitations", "/invitations"],
      ["Settings", "/settings"],
      ["Jobs for you", "/jobs"],
    ]);
    await waitFor(() =>
      expect(section("Hiring")).toEqual([
        ["Your listings", "/listings"],
        ["Find candidates", "/listings/candidates"],
        ["Company page", "/listings/company"],
        ["Team", "/listings/team"],
        ["Company activity", "/listings/activity"],
        ["Billing", "/listings/billing"],
        ["Imports", "/listings/imports"],
      ]),
    );
    expect(section("Moderation")).toEqual([
      ["Review queue", "/review"],
      ["Invoices", "/review/billing"],
      ["Prices and plans", "/review/offer"],
      ["Blog posts", "/review/posts"],
      ["Newsletter", "/review/newsletter"],
      ["Revenue", "/review/revenue"],
      ["Analytics", "/review/analytics"],
      ["ATS imports", "/review/imports"],
      ["Legal pages", "/review/legal"],
      ["Board team", "/review/team"],
      ["Partner offers", "/review/partner-offers"],
      ["Board settings", "/review/settings"],
      ["Social channels", "/review/social"],
    ]);
    expect(menu.getByRole("link", { name: "Billing", hidden: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(menu.getByRole("link", { name: "Your listings", hidden: true })).not.toHaveAttribute(
      "aria-current",
    );
  });

  it("lists only the moderation pages a finance member's role reaches (issue 64)", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserKeys.all, {
      is_moderator: true,
      board_role: "finance",
      board_areas: ["finance"],
      company: null,
    });
    renderInApp(
      <ProfileLayout>
        <p>Private content</p>
      </ProfileLayout>,
      { pathname: "/review/revenue", token: "token-1", queryClient },
    );
    const menu = within(
      await screen.findByRole("navigation", { name: "Your pages", hidden: true }),
    );
    await waitFor(() =>
      expect(
        within(menu.getByRole("region", { name: "Moderation", hidden: true }))
          .getAllByRole("link", { hidden: true })
          .map((link) => link.textContent),
      ).toEqual(["Review queue", "Invoices", "Prices and plans", "Revenue"]),
    );
  });
});
