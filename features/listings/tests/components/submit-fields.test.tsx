import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownField } from "@/components/ui/markdown-field";
import { PlanPicker } from "@/features/listings/components/plan-picker";
import { SEED_OFFER } from "@/tests/support/seed-offer";

/** What the server sends for `element`, as a document to query. */
const served = (element: React.ReactElement) =>
  new DOMParser().parseFromString(renderToString(element), "text/html");

function Description({ initial = "" }: { initial?: string }) {
  const [markdown, setMarkdown] = useState(initial);
  return (
    <MarkdownField
      label="Description"
      hint="Markdown works."
      name="description"
      markdown={markdown}
      value={markdown}
      onChange={(event) => setMarkdown(event.target.value)}
    />
  );
}

describe("the description's Write / Preview tabs", () => {
  it("are wired to their panels in the served HTML", () => {
    const html = served(<Description />);
    const tabs = [...html.querySelectorAll('[role="tablist"] [role="tab"]')];
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Write", "Preview"]);
    // (A parsed document has no window, which jest-dom's matchers need: plain reads here.)
    expect(html.querySelector('[role="tablist"]')?.getAttribute("aria-label")).toBe(
      "Description view",
    );
    for (const tab of tabs) {
      const panel = html.getElementById(tab.getAttribute("aria-controls") ?? "");
      expect(panel?.getAttribute("role")).toBe("tabpanel");
      expect(panel?.getAttribute("aria-labelledby")).toBe(tab.id);
    }
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["true", "false"]);
    expect(tabs.map((tab) => tab.getAttribute("tabindex"))).toEqual(["0", "-1"]);
    const panels = [...html.querySelectorAll('[role="tabpanel"]')];
    expect(panels.map((panel) => panel.hasAttribute("hidden"))).toEqual([false, true]);
    // The text area is in the Write panel as served, for a form sent without JavaScript.
    expect(panels[0]!.querySelector('textarea[name="description"]')).not.toBeNull();
  });

  it("move with the arrow keys, Home and End, choosing as they go, and keep what was typed", async () => {
    const user = userEvent.setup();
    render(<Description />);
    const write = screen.getByRole("tab", { name: "Write" });
    const preview = screen.getByRole("tab", { name: "Preview" });
    await user.type(screen.getByRole("textbox", { name: "Description" }), "## The role");

    write.focus();
    await user.keyboard("{ArrowRight}");
    expect(preview).toHaveFocus();
    expect(preview).toHaveAttribute("aria-selected", "true");
    expect(write).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Preview");
    expect(await screen.findByRole("heading", { name: "The role" })).toBeVisible();

    await user.keyboard("{ArrowRight}");
    expect(write).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Write");
    await user.keyboard("{ArrowLeft}");
    expect(preview).toHaveFocus();
    await user.keyboard("{Home}");
    expect(write).toHaveFocus();
    await user.keyboard("{End}");
    expect(preview).toHaveFocus();

    await user.click(write);
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue("## The role");
  });

  it("make the chosen tab the list's one stop, and go on to the text area or the preview", async () => {
    const user = userEvent.setup();
    render(<Description initial="Hello" />);
    screen.getByRole("tab", { name: "Write" }).focus();
    await user.tab();
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveFocus();

    await user.click(screen.getByRole("tab", { name: "Preview" }));
    await user.tab();
    expect(screen.getByRole("tabpanel")).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("tab", { name: "Preview" })).toHaveFocus();
  });
});

describe("the plan picker", () => {
  it("holds no block inside a span in the served HTML", () => {
    const html = served(
      <PlanPicker offer={SEED_OFFER} value="standard" onChange={() => undefined} />,
    );
    expect(html.querySelectorAll('[role="radio"]')).toHaveLength(SEED_OFFER.plans.length);
    expect(html.querySelectorAll("span div, span p")).toHaveLength(0);
  });

  it("is named by its own label, and chooses a plan by its name", async () => {
    const user = userEvent.setup();
    function Picker() {
      const [plan, setPlan] = useState("standard");
      return <PlanPicker offer={SEED_OFFER} value={plan} onChange={setPlan} />;
    }
    render(<Picker />);
    expect(screen.getByRole("radiogroup")).toHaveAccessibleName("Listing plan");
    const last = SEED_OFFER.plans.at(-1)!;
    await user.click(screen.getByRole("radio", { name: new RegExp(last.name) }));
    expect(screen.getByRole("radio", { name: new RegExp(last.name) })).toBeChecked();
  });
});
