import { randomUUID } from "node:crypto";
import { routes } from "@/lib/routes";
import { E2E_MODERATOR } from "./support/accounts";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { postListing } from "./support/listings";
import { lookAt } from "./support/screenshots";

/*
 * Where an employer's and a moderator's work is (issue 42: they could not find it). Signing in
 * without a page to go back to, a moderator lands on the review queue; the profile area links to
 * the listings of whoever has a company and to the review queue for moderators: in the sidebar
 * on a desktop, in the top bar on a phone (the spec's bottom bar is left as it is).
 */

const onPath = (path: string) => (url: URL) => url.pathname === path;

test("a moderator lands on the review queue, and finds it again from the profile area", async ({
  page,
}) => {
  await page.goto(routes.signIn);
  await signInWithGoogle(page, E2E_MODERATOR);
  await expect(page).toHaveURL(onPath(routes.review));

  await page.goto(routes.profile);
  const sidebar = page.getByRole("navigation", { name: "Profile" });
  await sidebar.getByRole("link", { name: "Review queue" }).click();
  await expect(page).toHaveURL(onPath(routes.review));
  await expect(sidebar.getByRole("link", { name: "Review queue" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(routes.profile);
  await page.getByRole("banner").getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(onPath(routes.review));
});

test("an employer finds their listings from the profile area; a candidate has no such link", async ({
  page,
}) => {
  test.slow();
  await page.goto(routes.signIn);
  const account = newGoogleAccount("work-links");
  await signInWithGoogle(page, account);
  // A candidate lands on their profile, with no hiring links once the current user is read
  // (the form shows their name from it).
  await expect(page).toHaveURL(onPath(routes.profile));
  await expect(page.getByLabel("Full name")).toHaveValue(account.name);
  const sidebar = page.getByRole("navigation", { name: "Profile" });
  await expect(sidebar.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(sidebar.getByRole("heading", { name: "Hiring" })).toHaveCount(0);

  await postListing(page, `Work Links Studio ${randomUUID().slice(0, 6)}`, "Community Manager");
  await page.goto(routes.profile);
  await sidebar.getByRole("link", { name: "Your listings" }).click();
  await expect(page).toHaveURL(onPath(routes.listings));
  await expect(sidebar.getByRole("link", { name: "Review queue" })).toHaveCount(0);
  await lookAt(page, "work-links-1280", "viewport");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(routes.settings);
  await lookAt(page, "work-links-390", "viewport");
  await page.getByRole("banner").getByRole("link", { name: "Listings" }).click();
  await expect(page).toHaveURL(onPath(routes.listings));
});
