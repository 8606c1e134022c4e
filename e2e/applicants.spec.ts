import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import { CV_FRAME_PATH } from "@/features/applications/cv-frame";
import { newCvKey } from "@/lib/server/storage/cv-store";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { companies, companyMembers, jobApplications, jobs, users } from "@/lib/server/db/schema";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle, type GoogleAccount } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { emulatorUid, removeBoardFolders, serveBoard } from "./support/board-server";
import { watchViolations } from "./support/csp";
import { expect, test } from "./support/fixtures";
import { DESCRIPTION } from "./support/listings";
import { lookAt } from "./support/screenshots";
import { onePagePdf } from "@/tests/fixtures/pdf";

/** A CV of two pages, each saying `text` and its page's number. */
async function twoPagePdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  doc.fontSize(18).text(text).fontSize(11).text("Page one: experience. ".repeat(30));
  doc.addPage().text("Page two: references on request.");
  doc.end();
  await new Promise((resolve) => doc.on("end", resolve));
  return Buffer.concat(chunks);
}

/*
 * The employer's applicant pipeline (issue 27): filter by stage, read an application and its CV
 * in the page, move it, note it, turn several down at once, export them. A board of its own:
 * applicants in several stages (one withdrawn) take long to make through the pages (the whole
 * story through them is e2e/apply-on-board.spec.ts), so they are written into a fresh database,
 * owned by the signed-in employer, and the production build serves it.
 */

const DAY = 86_400_000;

const APPLICANTS = [
  { name: "Ada Lovelace", headline: "Video editor", stage: "new" },
  { name: "Ben Okafor", headline: "Motion designer", stage: "new" },
  { name: "Cleo Park", headline: "Producer", stage: "reviewing" },
  { name: "Dan Withdrew", headline: "Editor", stage: "new", withdrawn: true },
] as const;

async function boardWithApplicants(account: GoogleAccount, title: string) {
  const dataDir = "data/e2e-pipeline-board";
  const cvDir = `${dataDir}-cvs`;
  removeBoardFolders(dataDir);
  mkdirSync(cvDir, { recursive: true });
  const handle = connectPglite(dataDir);
  await handle.migrate();
  const now = Date.now();
  const [employer] = await handle.db
    .insert(users)
    .values({
      firebaseUid: await emulatorUid(account.email),
      email: account.email,
      fullName: account.name,
    })
    .returning();
  const [company] = await handle.db
    .insert(companies)
    .values({ slug: "pipeline-studio", name: "Pipeline Studio" })
    .returning();
  await handle.db
    .insert(companyMembers)
    .values({ companyId: company!.id, userId: employer!.id, role: "owner" });
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
        { id: "q2", kind: "short", prompt: "Your favourite channel?", required: false },
      ],
      status: "open",
      plan: "standard",
      submittedBy: employer!.id,
      reviewedAt: new Date(now - 5 * DAY),
      publishedAt: new Date(now - 5 * DAY),
      expiresAt: new Date(now + 25 * DAY),
    })
    .returning();
  for (const [index, applicant] of APPLICANTS.entries()) {
    const email = `${applicant.name.split(" ")[0]!.toLowerCase()}@mail.example`;
    const [candidate] = await handle.db
      .insert(users)
      .values({ firebaseUid: `pipeline-candidate-${index}`, email, fullName: applicant.name })
      .returning();
    const key = newCvKey();
    const cvText = `${applicant.name}: ${applicant.headline}. Curriculum vitae.`;
    const bytes = index === 0 ? await twoPagePdf(cvText) : await onePagePdf(cvText);
    writeFileSync(join(cvDir, key), bytes);
    await handle.db.insert(jobApplications).values({
      jobId: job!.id,
      userId: candidate!.id,
      fullName: applicant.name,
      email,
      headline: applicant.headline,
      links: [`https://${email.split("@")[0]}.example`],
      coverNote: `I would love to work with Pipeline Studio.\nI am ${applicant.name}.`,
      answers: [
        { question_id: "q1", answer: "yes" },
        { question_id: "q2", answer: "MKBHD" },
      ],
      cvKey: key,
      cvName: `${email.split("@")[0]}-cv.pdf`,
      cvBytes: bytes.length,
      stage: applicant.stage,
      withdrawnAt: "withdrawn" in applicant ? new Date(now - DAY) : null,
      createdAt: new Date(now - (4 - index) * DAY),
      stageChangedAt: new Date(now - (4 - index) * DAY),
    });
  }
  await handle.close();

  const board = await serveBoard(dataDir, 9);
  return {
    origin: board.origin,
    jobId: job!.id,
    // Its folders go once the server has exited: until then it may still be writing there.
    stop: board.stop,
  };
}

test("an employer runs the pipeline: filters, reads a CV, moves, notes, rejects and exports", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const account = newGoogleAccount("pipeline");
  const title = "Video Editor";
  // The account exists once it has signed in (here, on the main board).
  await signInWithGoogle(page, account);
  const board = await boardWithApplicants(account, title);
  const violations = await watchViolations(context);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    const path = `/listings/${board.jobId}/applicants`;
    await page.goto(`${board.origin}${routes.signIn}?next=${encodeURIComponent(path)}`);
    await signInWithGoogle(page, account);
    await expect(page).toHaveURL(`${board.origin}${path}`);
    await expect(
      page.getByRole("heading", { level: 1, name: `Applicants for “${title}”` }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "← Your listings" })).toBeVisible();

    // The filter: a tab per stage, with its count; arrow keys move between them.
    const tabs = page.getByRole("tablist", { name: "Filter by stage" });
    await expect(tabs.getByRole("tab", { name: "All (4)" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await tabs.getByRole("tab", { name: "Reviewing (1)" }).click();
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByRole("listitem")).toHaveCount(1);
    await expect(panel).toContainText("Cleo Park");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: "New (3)" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(panel.getByRole("listitem")).toHaveCount(3);
    await tabs.getByRole("tab", { name: "All (4)" }).click();
    await expect(panel.getByRole("listitem")).toHaveCount(4);
    // The one who withdrew says so, and cannot be checked for the bulk action.
    await expect(panel.getByRole("listitem").filter({ hasText: "Dan Withdrew" })).toContainText(
      "Withdrawn",
    );
    await expect(page.getByRole("checkbox", { name: "Select Dan Withdrew" })).toBeDisabled();

    // Ada, whole: answers, links, cover note, and her CV in the page.
    await panel.getByRole("button", { name: /Ada Lovelace/ }).click();
    const detail = page.getByRole("article", { name: "Ada Lovelace" });
    await expect(detail.getByText("Can you work UK hours?")).toBeVisible();
    await expect(detail.getByRole("link", { name: "https://ada.example" })).toBeVisible();
    await expect(detail).toContainText("I would love to work with Pipeline Studio.");
    // The CV frame draws it (issue 40): sandboxed to scripts alone, so a document of no origin.
    const cv = detail.locator('iframe[title="CV of Ada Lovelace"]');
    await expect(cv).toHaveAttribute("sandbox", "allow-scripts");
    await expect(cv).toHaveAttribute("src", CV_FRAME_PATH);
    await expect(detail.getByRole("link", { name: /Download the CV/ })).toHaveAttribute(
      "download",
      "ada-cv.pdf",
    );
    const cvDocument = cv.contentFrame();
    await expect(cvDocument.locator("canvas")).toHaveCount(2);
    await expect(detail.getByRole("status", { name: "Loading the CV…" })).toBeHidden();
    // Her two pages as text for screen readers, and drawn (ink on each) nearly as wide as the
    // frame: readable in the panel, with no viewer's sidebar taking half of it.
    await expect(cvDocument.locator("main")).toContainText("Ada Lovelace: Video editor.");
    await expect(cvDocument.locator("main")).toContainText("Page two: references on request.");
    const frame = await (await cv.elementHandle())!.contentFrame();
    const drawn = await frame!.evaluate(() =>
      [...document.querySelectorAll("canvas")].map((canvas) => {
        const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
        let ink = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) ink += 1;
        return { ink: ink > 100, share: canvas.getBoundingClientRect().width / window.innerWidth };
      }),
    );
    expect(drawn).toEqual([
      { ink: true, share: expect.any(Number) },
      { ink: true, share: expect.any(Number) },
    ]);
    for (const sheet of drawn) expect(sheet.share).toBeGreaterThanOrEqual(0.9);
    // Nothing in the frame reaches the page, its storage, cookies or the signed-in token.
    const reach = await frame!.evaluate(() => {
      const attempt = (read: () => unknown) => {
        try {
          read();
          return "read";
        } catch {
          return "blocked";
        }
      };
      return {
        origin: window.origin,
        parent: attempt(() => window.parent.document.title),
        cookie: attempt(() => document.cookie),
        localStorage: attempt(() => window.localStorage.length),
        indexedDB: attempt(() => window.indexedDB.open("firebaseLocalStorageDb")),
      };
    });
    expect(reach).toEqual({
      origin: "null",
      parent: "blocked",
      cookie: "blocked",
      localStorage: "blocked",
      indexedDB: "blocked",
    });
    expect(violations, "nothing refused by a Content-Security-Policy").toEqual([]);
    await cv.scrollIntoViewIfNeeded();
    await lookAt(page, "pipeline-cv-1280", "viewport");

    // Interview, with a message: saved, and the list moves her.
    await detail.getByRole("combobox", { name: "Move to" }).selectOption("interview");
    await expect(detail).toContainText("The candidate is mailed that they reached “Interview”");
    await detail
      .getByRole("textbox", { name: "Message for the candidate (optional)" })
      .fill("Could you talk on Tuesday at 10:00?");
    await detail.getByRole("button", { name: "Save stage" }).click();
    await expect(
      detail.getByRole("status").filter({ hasText: "Moved to “Interview”" }),
    ).toBeVisible();
    // The message opens the conversation with her, naming the stage it came with (issue 42).
    await expect(detail.getByRole("list", { name: "Messages with Ada Lovelace" })).toContainText(
      "With the move to “Interview”Could you talk on Tuesday at 10:00?",
    );
    await expect(tabs.getByRole("tab", { name: "Interview (1)" })).toBeVisible();

    // A private note.
    await detail.getByRole("textbox", { name: "New note" }).fill("Strong reel; ask about rates.");
    const addNote = detail.getByRole("button", { name: "Add note" });
    await addNote.click();
    // Said beside the button; nothing lies over the form it answered (a toast did: issue 42).
    await expect(detail.getByRole("status").filter({ hasText: "Note added" })).toBeVisible();
    expect(
      await addNote.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return button.contains(top);
      }),
    ).toBe(true);
    await expect(detail.getByRole("listitem").filter({ hasText: "Strong reel" })).toContainText(
      account.name,
    );
    await expect(detail.getByRole("textbox", { name: "New note" })).toHaveValue("");

    // The page and the CV frame's document inside it.
    expect(await seriousViolations(page, { frames: true })).toEqual([]);
    await lookAt(page, "pipeline-1280");

    // Two turned down at once, with one message, after saying they will be mailed.
    await page.getByRole("checkbox", { name: "Select Ben Okafor" }).check();
    await page.getByRole("checkbox", { name: "Select Cleo Park" }).check();
    await page.getByRole("button", { name: /^Not selected \(2\)/ }).click();
    const dialog = page.getByRole("dialog", { name: "Mark 2 candidates not selected?" });
    await expect(dialog).toContainText("The 2 candidates are mailed that they were not selected");
    await dialog
      .getByRole("textbox", { name: "Message for the candidates (optional)" })
      .fill("Thank you for applying; we went with others this time.");
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, "pipeline-reject-dialog", "viewport");
    await dialog.getByRole("button", { name: "Not selected, mail 2 candidates" }).click();
    await expect(page.getByText("2 applicants not selected")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(tabs.getByRole("tab", { name: "Not selected (2)" })).toBeVisible();
    await expect(tabs.getByRole("tab", { name: "New (1)" })).toBeVisible();

    // The CSV, fetched with the token and saved as a file.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`applicants-${board.jobId}.csv`);
    const csv = readFileSync(await file.path(), "utf8");
    expect(csv).toContain("name,email,headline,stage");
    expect(csv).toContain("Ada Lovelace,ada@mail.example,Video editor,Interview");
    expect(csv).toContain("Ben Okafor,ben@mail.example,Motion designer,Not selected");

    // On a phone the applicant is a view of its own, with a way back to the list.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(tabs).toBeHidden();
    await expect(detail).toBeVisible();
    // Her CV is drawn again for the narrower frame, one canvas pixel to a screen pixel (once in
    // view: Chromium holds back the drawing of frames of another origin out of sight).
    await cv.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        frame!.evaluate(() => {
          const canvas = document.querySelector("canvas")!;
          const width = canvas.getBoundingClientRect().width * window.devicePixelRatio;
          return { sharp: Math.abs(canvas.width - width) <= 1, narrower: width < 400 };
        }),
      )
      .toEqual({ sharp: true, narrower: true });
    await lookAt(page, "pipeline-cv-390", "viewport");
    expect(await seriousViolations(page, { frames: true })).toEqual([]);
    await lookAt(page, "pipeline-390-detail");
    await detail.getByRole("button", { name: "All applicants" }).click();
    await expect(tabs).toBeVisible();
    await expect(detail).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, "pipeline-390-list");
    expect(violations).toEqual([]);
  } finally {
    await board.stop();
  }
});
