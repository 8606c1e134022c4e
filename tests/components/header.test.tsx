import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { Header } from "@/components/layout/header";
import { currentUserKeys } from "@/hooks/use-current-user";
import { createQueryClient } from "@/lib/query-client";
import { latestReport } from "@/features/reports/reports";
import { renderInApp } from "@/tests/render";

// The dropdowns load Headless UI's menu when first wanted; loaded once here, so that no test
// waits for the bundler to transform it.
beforeAll(() => import("@/components/layout/nav-menu"));

const mainNav = () => screen.getByRole("navigation", { name: "Main" });

describe("Header", () => {
  it("links the logo, Jobs, Post a job and Candidates where the spec says", () => {
    renderInApp(<Header theme="light" />);
    const nav = within(mainNav());
    expect(nav.getByRole("link", { name: "Creator Jobs" })).toHaveAttribute("href", "/");
    expect(nav.getByRole("link", { name: "Jobs" })).toHaveAttribute("href", "/");
    expect(nav.getByRole("link", { name: "Post a job" })).toHaveAttribute("href", "/submit");
    expect(nav.getByRole("link", { name: "Candidates" })).toHaveAttribute("href", "/talent");
  });

  it("opens the Pricing menu by keyboard and lists both plans", async () => {
    const user = userEvent.setup();
    renderInApp(<Header theme="light" />);
    const button = screen.getByRole("button", { name: "Pricing" });
    expect(button).toHaveAttribute("aria-expanded", "false");

    button.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    // The button first drawn stands in until Headless UI's menu loads; the menu's own button,
    // which takes its place and its focus, is the one that opened.
    const menuButton = screen.getByRole("button", { name: "Pricing" });
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.getAttribute("href"))).toEqual([
      "/pricing",
      "/recruitment-services",
    ]);
    expect(items[0]).toHaveTextContent("Sponsored Listings");
    expect(items[1]).toHaveTextContent("Recruitment Services");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });

  it("opens the Resources menu by click with the latest report and the tools directory", async () => {
    const user = userEvent.setup();
    renderInApp(<Header theme="light" />);
    await user.click(screen.getByRole("button", { name: "Resources" }));
    const items = within(await screen.findByRole("menu")).getAllByRole("menuitem");
    // The last completed quarter's report, whichever that is today: Q3 2026 on 2026-11-23.
    const latest = latestReport();
    expect(latest.path).toMatch(/^\/creator-economy-hiring-trends-report-q[1-4]-\d\d$/);
    expect(items[0]).toHaveAttribute("href", latest.path);
    expect(items[0]).toHaveTextContent(`Hiring Trends Report ${latest.quarter}`);
    // Under the report, what it counts: never the whole board's figures (issue 61).
    expect(items[0]).not.toHaveTextContent("1,250+");
    expect(items[1]).toHaveAttribute("href", "/salaries");
    expect(items[1]).toHaveTextContent("Salaries");
    expect(items[2]).toHaveAttribute("target", "_blank");
    expect(items[2]).toHaveAttribute("rel", "noopener noreferrer");
    expect(items[2]).toHaveTextContent("Creator Tools Directory");
  });

  it("shows a Sign in button to /sign-in when signed out, coming back to the page", () => {
    renderInApp(<Header theme="light" />, { pathname: "/salaries/design?page=2" });
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/sign-in?next=%2Fsalaries%2Fdesign%3Fpage%3D2",
    );
    expect(screen.queryByAltText("User avatar")).not.toBeInTheDocument();
  });

  it("leaves a sign-in page's Sign in button as it is", () => {
    renderInApp(<Header theme="light" />, { pathname: "/sign-in" });
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  });

  it("shows the user's avatar linking to /profile when signed in", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserKeys.all, {
      full_name: "Ada Lovelace",
      avatar_url: "https://example.com/ada.png",
    });
    renderInApp(<Header theme="light" />, { token: "token-ada", queryClient });
    // In the bar, and in the phone menu the server renders whole (issue 42): each to /profile.
    const avatars = await screen.findAllByAltText("User avatar");
    expect(avatars.length).toBeGreaterThan(0);
    for (const avatar of avatars) expect(avatar.closest("a")).toHaveAttribute("href", "/profile");
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
  });

  it("links to /profile without an image when the signed-in user has no avatar URL", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserKeys.all, { full_name: "Ada Lovelace", avatar_url: null });
    renderInApp(<Header theme="violet" />, { token: "token-ada", queryClient });
    expect(await screen.findByRole("link", { name: "Your profile" })).toHaveAttribute(
      "href",
      "/profile",
    );
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("carries the theme it was given", () => {
    const { container, rerender } = renderInApp(<Header theme="violet" />);
    expect(container.querySelector("header")).toHaveAttribute("data-theme", "violet");
    rerender(<Header theme="light" />);
    expect(container.querySelector("header")).toHaveAttribute("data-theme", "light");
  });
});
