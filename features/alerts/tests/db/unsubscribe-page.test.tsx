import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import UnsubscribePage from "@/pages/unsubscribe";
import { renderInApp } from "@/tests/render";

/*
 * What the /unsubscribe page shows in each state its data function finds (unsubscribe.test.ts
 * checks which state each link gets). The button is a plain form, so it works without
 * JavaScript.
 */

describe("the /unsubscribe page", () => {
  it("asks, with a button that posts the token to the API", () => {
    const { container } = renderInApp(
      <UnsubscribePage state="confirm" token="7.1760529600.abc" email="a…@example.com" />,
      { pathname: "/unsubscribe" },
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Stop job alerts?");
    expect(screen.getByText(/Stop job alerts for a…@example.com\?/)).toBeInTheDocument();
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/alerts/unsubscribe?token=7.1760529600.abc");
    expect(screen.getByRole("button", { name: "Stop job alerts" })).toHaveAttribute(
      "type",
      "submit",
    );
    // The public layout: header and footer, as on other simple pages.
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it("says it is done, with the way back to preferences", () => {
    renderInApp(<UnsubscribePage state="off" justNow />, { pathname: "/unsubscribe" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "You will get no more job alerts",
    );
    expect(screen.getByRole("link", { name: "your preferences" })).toHaveAttribute(
      "href",
      "/preferences",
    );
    expect(screen.queryByRole("button", { name: "Stop job alerts" })).toBeNull();
  });

  it.each([
    ["invalid", "This unsubscribe link does not work"],
    ["expired", "This unsubscribe link has expired"],
    ["deleted", "This account no longer exists"],
    ["missing", "This unsubscribe link is incomplete"],
  ] as const)("explains a %s link, with no button", (state, title) => {
    renderInApp(<UnsubscribePage state={state} />, { pathname: "/unsubscribe" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText("Nothing has changed.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop job alerts" })).toBeNull();
  });
});
