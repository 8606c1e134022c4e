import { expect, test } from "./support/fixtures";
import { RECRUITMENT_PLANS } from "@/features/billing/pricing";
import { SEED_OFFER } from "@/tests/support/seed-offer";
import { routes } from "@/lib/routes";
import { seriousViolations } from "./support/axe";
import { lookAt } from "./support/screenshots";

const LISTING_PLANS = SEED_OFFER.plans;

test("/pricing shows every listing plan, compares them, and carries the choice to /submit", async ({
  page,
}) => {
  await page.goto(routes.pricing);
  for (const plan of LISTING_PLANS) {
    const card = page.getByRole("region", { name: plan.name, exact: true });
    await expect(card).toContainText(
      plan.price_minor === 0 ? "Free" : `$${plan.price_minor / 100}`,
    );
    await expect(card.getByRole("link", { name: `Post a ${plan.name} listing` })).toHaveAttribute(
      "href",
      routes.submitWithPlan(plan.id),
    );
  }
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /Sponsored badge/ })).toContainText("Not included");
  // No social channel is connected on this board (issue 66): nothing promises a post there.
  await expect(page.getByText(/social channels|social media post/i)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test("on a phone, the plans' table says it scrolls and shades the edge with more beyond", async ({
  page,
}) => {
  // Issue 61: at 390 px the comparison hid its last plans with no sign that it scrolls.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(routes.pricing);
  const box = page.getByRole("region", { name: "Plans compared, side by side" });
  await expect(
    page.getByText("The table scrolls sideways: swipe it to see every plan."),
  ).toBeVisible();
  const widths = await box.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
    shades: getComputedStyle(element).backgroundImage,
  }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  expect(widths.shades.match(/radial-gradient/g)).toHaveLength(2);
  await box.scrollIntoViewIfNeeded();
  await lookAt(page, "pricing-compare-390", "viewport");
  // The last plan's column is reachable: scrolled there (arrow keys), it is whole in the box.
  const last = LISTING_PLANS.at(-1)!;
  const lastHeader = box.getByRole("columnheader", { name: new RegExp(last.name) });
  await box.focus();
  for (let press = 0; press < 20; press += 1) await page.keyboard.press("ArrowRight");
  await expect
    .poll(async () => {
      const [cell, frame] = [await lastHeader.boundingBox(), await box.boundingBox()];
      return cell!.x + cell!.width <= frame!.x + frame!.width + 1;
    })
    .toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a recruitment enquiry shows its mistakes by their fields, then is received", async ({
  page,
}) => {
  await page.goto(routes.recruitmentServices);
  const shortlist = RECRUITMENT_PLANS.find((plan) => plan.id === "shortlist")!;
  await page.getByRole("link", { name: `Enquire about ${shortlist.name}` }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("service") === "shortlist");
  await expect(page.getByLabel("Service")).toHaveValue("shortlist");

  await page.getByLabel("Your name").fill("Maya Okafor");
  const email = page.getByLabel("Work email");
  await email.fill("maya-at-studio");
  await page.getByLabel("Company", { exact: true }).fill("Studio");
  const message = page.getByLabel("About the role");
  await message.fill("Soon");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(email).toHaveAccessibleDescription(/work email address/);
  await expect(message).toHaveAccessibleDescription(/at least 20 characters/);
  expect(await seriousViolations(page)).toEqual([]);

  await email.fill("maya@studio.example");
  await message.fill("A creator partnerships manager for our London team, from March.");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  const confirmation = page.getByRole("status").filter({ hasText: "We have your enquiry" });
  await expect(confirmation).toContainText("maya@studio.example");
  await expect(confirmation).toContainText(/#\d+/);
});
