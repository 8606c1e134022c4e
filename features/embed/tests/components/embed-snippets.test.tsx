import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EmbedSnippets } from "@/features/embed/components/embed-snippets";
import { SITE_URL } from "@/lib/site";
import { renderInApp } from "@/tests/render";

/** "Show your jobs on your site" on the employer's company screen (issue 66). */
describe("the embed snippets", () => {
  it("labels each snippet, copies it, and says so", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    renderInApp(<EmbedSnippets company={{ slug: "glow", name: "Glow" }} />, {
      pathname: "/listings/company",
    });
    expect(screen.getByRole("heading", { name: "Show your jobs on your site" })).toBeVisible();
    const frame = screen.getByRole("textbox", { name: "Frame" });
    expect(frame).toHaveValue(
      `<iframe src="${SITE_URL}/embed/companies/glow" title="Jobs at Glow" width="100%" height="480" style="border:0" loading="lazy"></iframe>`,
    );
    expect(frame).toHaveAttribute("readonly");
    const component = screen.getByRole("textbox", { name: "Web component" });
    expect(component).toHaveValue(
      `<script src="${SITE_URL}/embed.js" async></script><creator-jobs company="glow"><a href="${SITE_URL}/companies/glow">Jobs at Glow</a></creator-jobs>`,
    );

    await user.click(screen.getByRole("button", { name: "Copy web component" }));
    expect(writeText).toHaveBeenCalledWith((component as HTMLTextAreaElement).value);
    expect(await screen.findByText("Copied.")).toBeVisible();

    writeText.mockRejectedValueOnce(new Error("denied"));
    await user.click(screen.getByRole("button", { name: "Copy frame" }));
    expect(await screen.findByText("Could not copy: select the code and copy it.")).toBeVisible();
    expect(screen.getByRole("link", { name: /See the frame/ })).toHaveAttribute(
      "href",
      `${SITE_URL}/embed/companies/glow`,
    );
  });
});
