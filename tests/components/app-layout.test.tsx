import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppLayout } from "@/components/layout/app-layout";
import { renderInApp } from "@/tests/render";

const page = <p>Page body</p>;

describe("AppLayout", () => {
  it.each([
    ["/", "violet"],
    ["/departments/[department]", "violet"],
    ["/regions/[region]", "violet"],
    ["/types/[type]", "violet"],
    ["/jobs/[jobId]", "violet"],
    ["/blog", "light"],
    ["/pricing", "light"],
    ["/pdfs/privacy", "light"],
    ["/creator-economy-hiring-trends-report-q2-25", "light"],
  ])("gives the public route %s the header (%s) and footer", (pathname, theme) => {
    const { container } = renderInApp(<AppLayout pathname={pathname}>{page}</AppLayout>, {
      pathname,
    });
    expect(container.querySelector("header")).toHaveAttribute("data-theme", theme);
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByText("Page body")).toBeInTheDocument();
  });

  it("gives profile routes the profile layout, which waits for a token", () => {
    const { container } = renderInApp(<AppLayout pathname="/profile">{page}</AppLayout>, {
      pathname: "/profile",
    });
    expect(container).toBeEmptyDOMElement();
  });

  it("lets a profile page opt out of the profile layout with a flag", () => {
    const { container } = renderInApp(
      <AppLayout pathname="/settings" withoutProfileLayout>
        {page}
      </AppLayout>,
      { pathname: "/settings" },
    );
    expect(screen.getByText("Page body")).toBeInTheDocument();
    expect(container.querySelector("header")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Profile" })).not.toBeInTheDocument();
  });

  it("gives other routes (404, errors) no public header or footer", () => {
    const { container } = renderInApp(<AppLayout pathname="/404">{page}</AppLayout>, {
      pathname: "/404",
    });
    expect(screen.getByText("Page body")).toBeInTheDocument();
    expect(container.querySelector("header")).toBeNull();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });
});
