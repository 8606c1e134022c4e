import { connectPglite } from "@/lib/server/db/client";
import { companies, jobs, users } from "@/lib/server/db/schema";
import { chooseEmulatorAccount, newGoogleAccount } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { removeBoardFolders, serveBoard } from "./support/board-server";
import { expect, test } from "./support/fixtures";
import { DESCRIPTION } from "./support/listings";
import { onePagePdf } from "@/tests/fixtures/pdf";

/*
 * Applying on the board (issue 27), as a new candidate does it: the job page's Apply signs them
 * in with the popup and opens the form, prefilled; they add a PDF CV, answer the listing's
 * question and send; their applications show it. A board of its own (a listing that takes
 * applications on the board is written into a fresh database: employers cannot choose it yet),
 * served by the production build.
 */

const DAY = 86_400_000;

async function boardWithBoardListing(title: string) {
  const dataDir = "data/e2e-apply";
  removeBoardFolders(dataDir);
  const handle = connectPglite(dataDir);
  await handle.migrate();
  const now = Date.now();
  const [employer] = await handle.db
    .insert(users)
    .values({ firebaseUid: "employer-of-the-apply-board", email: "hiring@lumen.example" })
    .returning();
  const [company] = await handle.db
    .insert(companies)
    .values({ slug: "lumen-studio", name: "Lumen Studio", ownerId: employer!.id })
    .returning();
  const [job] = await handle.db
    .insert(jobs)
    .values({
      slug: "video-editor",
      companyId: company!.id,
      title,
      department: "creator-partnerships",
      region: "remote",
      type: "full-time",
      location: "Remote (Europe)",
      remoteCountries: ["DE", "GB"],
      description: DESCRIPTION,
      applyMethod: "board",
      screeningQuestions: [
        { id: "q1", kind: "yes_no", prompt: "Can you work UK hours?", required: true },
      ],
      status: "open",
      plan: "standard",
      submittedBy: employer!.id,
      reviewedAt: new Date(now - DAY),
      publishedAt: new Date(now - DAY),
      expiresAt: new Date(now + 29 * DAY),
    })
    .returning();
  await handle.close();

  const board = await serveBoard(dataDir, 8);
  return {
    origin: board.origin,
    path: `/jobs/${job!.id}-${job!.slug}`,
    stop: board.stop,
  };
}

test("a new candidate applies on the board with a PDF CV, signing in from the job page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = "Video Editor";
  const candidate = newGoogleAccount("applicant");
  const board = await boardWithBoardListing(title);
  try {
    await page.goto(`${board.origin}${board.path}`);
    const apply = page.getByRole("button", { name: "Apply now" });
    const popup = page.waitForEvent("popup");
    await apply.click();
    await chooseEmulatorAccount(await popup, candidate);

    const dialog = page.getByRole("dialog", { name: `Apply for ${title}` });
    await expect(dialog.getByLabel("Email")).toHaveValue(candidate.email);
    await expect(dialog.getByLabel("Your name")).toHaveValue(candidate.name);

    // Sent without a CV or the required answer: each is asked for by its field.
    await dialog.getByRole("button", { name: "Send application" }).click();
    await expect(dialog.getByText("Add your CV (a PDF of up to 5 MB)")).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "ada-cv.pdf",
      mimeType: "application/pdf",
      buffer: await onePagePdf(),
    });
    await dialog.getByRole("button", { name: "Send application" }).click();
    await expect(dialog.getByText("Answer this question")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // On a phone too: every field reachable, nothing unlabelled.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole("radio", { name: "Yes" }).click();
    await dialog.getByLabel("Cover note").fill("I cut 300 videos last year.");
    await dialog.getByRole("button", { name: "Send application" }).click();
    await expect(dialog.getByText("Your application was sent.")).toBeVisible();

    // A second try is refused: one application per person per job.
    await dialog.getByRole("button", { name: "Close" }).click();
    await apply.click();
    await dialog.getByRole("radio", { name: "Yes" }).click();
    await dialog.getByRole("button", { name: "Send application" }).click();
    await expect(dialog.getByText("You have applied to this job already")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto(`${board.origin}/applied-jobs`);
    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("New");
    await expect(row).toContainText("Lumen Studio");
  } finally {
    await board.stop();
  }
});
