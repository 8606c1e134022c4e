import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CompanyLogo } from "@/components/ui/company-logo";

/*
 * A company's logo in lists and headers: an uploaded one in the initial's fixed box, over the
 * initial until it loads; the initial alone when there is none or the address is not one of ours
 * (an old submission's link elsewhere).
 */

const uploaded = `/api/logos/${"0a".repeat(32)}.webp`;

describe("CompanyLogo", () => {
  it("shows an uploaded logo through next/image, decorative, in a box of the initial's size", () => {
    const { container } = render(
      <CompanyLogo name="Acme" slug="acme" logoUrl={uploaded} size="md" />,
    );
    const image = container.querySelector("img")!;
    expect(image.getAttribute("alt")).toBe("");
    expect(image.getAttribute("width")).toBe("40");
    expect(image.getAttribute("height")).toBe("40");
    expect(image.getAttribute("src")).toContain(encodeURIComponent(uploaded));
    expect(image.parentElement!.className).toContain("size-12");
    // The initial on its colour beneath it, hidden from assistive technology, until it loads.
    const initial = screen.getByText("A");
    expect(initial.parentElement).toBe(image.parentElement);
    expect(initial.getAttribute("aria-hidden")).toBe("true");
    expect(image.parentElement!.className).toMatch(/bg-\w+-100/);
  });

  it.each([
    ["no logo", null],
    ["an address elsewhere", "https://cdn.example/acme.png"],
    ["a path that is not a logo's", "/api/logos/../../secret.webp"],
  ])("shows the initial for %s", (_case, logoUrl) => {
    const { container } = render(
      <CompanyLogo name="acme" slug="acme" logoUrl={logoUrl} size="lg" />,
    );
    expect(container.querySelector("img")).toBeNull();
    const initial = screen.getByText("A");
    expect(initial.className).toContain("size-16");
    expect(initial.getAttribute("aria-hidden")).toBe("true");
  });
});
