import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FrameLocator, Locator, Page } from "@playwright/test";
import PDFDocument from "pdfkit";
import { jobPath } from "@/features/jobs/path";
import { routes } from "@/lib/routes";
import { connectPglite } from "@/lib/server/db/pglite-client";
import {
  companies,
  companyMembers,
  invoices,
  jobApplications,
  jobs,
  users,
} from "@/lib/server/db/schema";
import { newCvKey } from "@/lib/server/storage/cv-store";
import { onePagePdf } from "@/tests/fixtures/pdf";
import { newGoogleAccount, signInWithGoogle, type GoogleAccount } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { emulatorUid, removeBoardFolders, serveBoard } from "./support/board-server";
import { expect, prepareContext, test } from "./support/fixtures";
import { DESCRIPTION } from "./support/listings";
import { lookAt } from "./support/screenshots";

/*
 * Reading on the board (issue 61), at the sizes a person walked it at (1280×900, 390×844): an
 * applicant's CV read in the employer's pipeline (fitted to its panel with no grey box below,
 * zoomed, page by page, and opened full size in a tab of its own, sandboxed as in the page); the
 * apply form finding an empty name before anything is uploaded; and a wide table on a phone
 * saying that it scrolls, its last column in reach. A board of its own, written into a fresh
 * database and served by the production build.
 */

const DAY = 86_400_000;
const TITLE = "Motion Designer";
/** The CV's body text, in points (a US Letter page is 612 points wide). */
const BODY_PT = 11;
const PAGE_PT = 612;

/** A CV of two pages: a name in 18 pt, then body text in 11 pt, as CVs are set. */
async function twoPageCv(name: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER" });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  doc.fontSize(18).text(`${name}: curriculum vitae`).fontSize(BODY_PT);
  doc.text("Experience: motion design for channels. ".repeat(40));
  doc.addPage().text("Page two: references on request.");
  doc.end();
  await new Promise((resolve) => doc.on("end", resolve));
  return Buffer.concat(chunks);
}

type Board = { origin: string; jobId: number; jobUrl: string; stop: () => Promise<void> };

/** The employer (with one invoice) and their listing taking applications, with one applicant. */
async function readingBoard(employer: GoogleAccount, candidate: GoogleAccount): Promise<Board> {
  const dataDir = "data/e2e-reading-board";
  const cvDir = `${dataDir}-cvs`;
  removeBoardFolders(dataDir);
  mkdirSync(cvDir, { recursive: true });
  const handle = connectPglite(dataDir);
  await handle.migrate();
  const now = Date.now();
  const [owner] = await handle.db
    .insert(users)
    .values({
      firebaseUid: await emulatorUid(employer.email),
      email: employer.email,
      fullName: employer.name,
    })
    .returning();
  await handle.db.insert(users).values({
    firebaseUid: await emulatorUid(candidate.email),
    email: candidate.email,
    fullName: candidate.name,
  });
  const [company] = await handle.db
    .insert(companies)
    .values({ slug: "reading-studio", name: "Reading Studio" })
    .returning();
  await handle.db
    .insert(companyMembers)
    .values({ companyId: company!.id, userId: owner!.id, role: "owner" });
  const [job] = await handle.db
    .insert(jobs)
    .values({
      slug: "motion-designer",
      companyId: company!.id,
      title: TITLE,
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
      submittedBy: owner!.id,
      reviewedAt: new Date(now - 5 * DAY),
      publishedAt: new Date(now - 5 * DAY),
      expiresAt: new Date(now + 25 * DAY),
    })
    .returning();
  const [applicant] = await handle.db
    .insert(users)
    .values({ firebaseUid: "reading-applicant", email: "ada@mail.example", fullName: "Ada Reed" })
    .returning();
  const key = newCvKey();
  const bytes = await twoPageCv("Ada Reed");
  writeFileSync(join(cvDir, key), bytes);
  await handle.db.insert(jobApplications).values({
    jobId: job!.id,
    userId: applicant!.id,
    fullName: "Ada Reed",
    email: "ada@mail.example",
    headline: "Motion designer",
    links: [],
    coverNote: "Hello.",
    answers: [{ question_id: "q1", answer: "yes" }],
    cvKey: key,
    cvName: "ada-cv.pdf",
    cvBytes: bytes.length,
    stage: "new",
    createdAt: new Date(now - DAY),
    stageChangedAt: new Date(now - DAY),
  });
  const party = { name: "Reading Studio", address: ["1 Main Street"], country: "GB", tax_id: null };
  await handle.db.insert(invoices).values({
    kind: "invoice",
    number: "2026-000001",
    year: 2026,
    sequence: 1,
    companyId: company!.id,
    purpose: "pack",
    paymentMethod: "transfer",
    issuedAt: new Date(now - DAY),
    dueAt: new Date(now + 13 * DAY),
    currency: "usd",
    subtotalMinor: 49_900,
    taxMinor: 0,
    totalMinor: 49_900,
    seller: { ...party, name: "Creator Jobs" },
    buyer: party,
    lines: [
      {
        description: "3 Sponsored listings",
        quantity: 1,
        unit_minor: 49_900,
        net_minor: 49_900,
        tax_rate_bp: 0,
        tax_minor: 0,
        total_minor: 49_900,
        currency: "usd",
      },
    ],
    item: "sponsored-3",
  });
  await handle.close();
  const board = await serveBoard(dataDir, 11);
  return {
    origin: board.origin,
    jobId: job!.id,
    jobUrl: `${board.origin}${jobPath({ id: job!.id, slug: "motion-designer" })}`,
    stop: board.stop,
  };
}

const employer = newGoogleAccount("reading-employer");
const candidate = newGoogleAccount("reading-candidate");
let board: Board;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  // Two sign-ins and a server's start: minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  // The accounts exist once they have signed in (here, on the main board).
  for (const account of [employer, candidate]) {
    const context = await browser.newContext();
    await prepareContext(context);
    await signInWithGoogle(await context.newPage(), account);
    await context.close();
  }
  board = await readingBoard(employer, candidate);
});

test.afterAll(async () => {
  await board?.stop();
});

async function signInOnBoard(page: Page, account: GoogleAccount, path: string) {
  await page.goto(`${board.origin}${routes.signIn}?next=${encodeURIComponent(path)}`);
  await signInWithGoogle(page, account);
  await expect(page).toHaveURL(`${board.origin}${path}`);
}

/** The drawn page's body text, in CSS pixels: its points times the canvas's width per point. */
async function bodyTextPx(cv: FrameLocator): Promise<number> {
  const width = await cv
    .locator("canvas")
    .first()
    .evaluate((c) => c.getBoundingClientRect().width);
  return (BODY_PT * width) / PAGE_PT;
}

/** Grey the frame shows below one whole page, in CSS pixels, with the page fitted to its width. */
async function greyBelowPage(frame: Locator, cv: FrameLocator): Promise<number> {
  const frameBox = (await frame.boundingBox())!;
  const sheet = (await cv.locator(".sheet").first().boundingBox())!;
  // The sheet's box is in the page's coordinates too: where its bottom is inside the frame.
  return frameBox.y + frameBox.height - (sheet.y + sheet.height);
}

test("an employer reads a CV fitted to the panel, zooms it, pages through it and opens it full size", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const path = `/listings/${board.jobId}/applicants`;
  await signInOnBoard(page, employer, path);
  await page.getByRole("button", { name: /Ada Reed/ }).click();
  const detail = page.getByRole("article", { name: "Ada Reed" });
  const frame = detail.locator('iframe[title="CV of Ada Reed"]');
  const cv = frame.contentFrame();
  await expect(cv.locator("canvas")).toHaveCount(2);
  await frame.scrollIntoViewIfNeeded();

  // Fitted to the panel: the page as wide as the frame allows, and the frame as tall as a page
  // with its controls, no grey box below it.
  const frameWidth = (await frame.boundingBox())!.width;
  const fitted = await cv
    .locator("canvas")
    .first()
    .evaluate((c) => c.getBoundingClientRect().width);
  expect(fitted).toBeGreaterThanOrEqual(frameWidth * 0.9);
  await expect.poll(() => greyBelowPage(frame, cv)).toBeLessThanOrEqual(24);

  // Page by page.
  const controls = cv.getByRole("toolbar", { name: "CV pages and zoom" });
  await expect(controls.getByText("Page 1 of 2")).toBeVisible();
  await expect(controls.getByRole("button", { name: "Previous page" })).toBeDisabled();
  await controls.getByRole("button", { name: "Next page" }).click();
  await expect(controls.getByText("Page 2 of 2")).toBeVisible();
  await expect(controls.getByRole("button", { name: "Next page" })).toBeDisabled();
  await controls.getByRole("button", { name: "Previous page" }).click();
  await expect(controls.getByText("Page 1 of 2")).toBeVisible();

  // Zoom, by its buttons and by keys: the text grows to a readable size, and back to the fit.
  // The text layer is drawn after the canvas: its size is read once it is there.
  await expect.poll(() => bodyTextPx(cv)).toBeGreaterThan(0);
  const atFit = await bodyTextPx(cv);
  await controls.getByRole("button", { name: "Zoom in" }).click();
  await expect(controls.getByText("125%")).toBeVisible();
  await cv.locator("main").press("+");
  await expect(controls.getByText("150%")).toBeVisible();
  await expect.poll(() => bodyTextPx(cv)).toBeGreaterThanOrEqual(Math.max(atFit * 1.45, 12));
  // Drawn again for its new size, sharp: one canvas pixel to a screen pixel.
  await expect
    .poll(() =>
      cv
        .locator("canvas")
        .first()
        .evaluate((c: HTMLCanvasElement) =>
          Math.abs(c.width - c.getBoundingClientRect().width * devicePixelRatio),
        ),
    )
    .toBeLessThanOrEqual(1);
  await lookAt(page, "reading-cv-zoomed-1280", "viewport");
  await cv.locator("main").press("0");
  await expect(controls.getByText("100%")).toBeVisible();
  await expect.poll(() => bodyTextPx(cv)).toBeCloseTo(atFit, 0);
  await controls.getByRole("button", { name: "Zoom out" }).click();
  await expect(controls.getByText("75%")).toBeVisible();
  await controls.getByRole("button", { name: "Fit width" }).click();
  await expect(controls.getByText("100%")).toBeVisible();
  expect(await seriousViolations(page, { frames: true })).toEqual([]);

  // Full size, in a tab of its own: the CV frame again, sandboxed to scripts alone, as wide as
  // the tab, which has no address of the CV.
  const popup = context.waitForEvent("page");
  await detail.getByRole("button", { name: /Open full size/ }).click();
  const tab = await popup;
  const full = tab.locator('iframe[title="CV of Ada Reed"]');
  await expect(full).toHaveAttribute("sandbox", "allow-scripts");
  const fullCv = full.contentFrame();
  await expect(fullCv.locator("canvas")).toHaveCount(2);
  expect(tab.url()).toBe("about:blank");
  const tabWidth = tab.viewportSize()?.width ?? (await tab.evaluate(() => innerWidth));
  await expect.poll(() => bodyTextPx(fullCv)).toBeGreaterThanOrEqual(12);
  expect(
    await fullCv
      .locator("canvas")
      .first()
      .evaluate((c) => c.getBoundingClientRect().width),
  ).toBeGreaterThanOrEqual(tabWidth * 0.9);
  const fullFrame = await (await full.elementHandle())!.contentFrame();
  expect(await fullFrame!.evaluate(() => window.origin)).toBe("null");
  await lookAt(tab, "reading-cv-full-1280", "viewport");
  await tab.close();

  // On a phone: fitted again, and still no grey box below the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await frame.scrollIntoViewIfNeeded();
  await expect
    .poll(async () => {
      const width = (await frame.boundingBox())!.width;
      const drawn = await cv
        .locator("canvas")
        .first()
        .evaluate((c) => c.getBoundingClientRect().width);
      return drawn >= width * 0.9 && width < 390;
    })
    .toBe(true);
  await expect.poll(() => greyBelowPage(frame, cv)).toBeLessThanOrEqual(24);
  // 125%, 150%, 200%.
  for (let step = 0; step < 3; step += 1) {
    await controls.getByRole("button", { name: "Zoom in" }).click();
  }
  await expect(controls.getByText("200%")).toBeVisible();
  await expect.poll(() => bodyTextPx(cv)).toBeGreaterThanOrEqual(10);
  await lookAt(page, "reading-cv-390", "viewport");
  expect(await seriousViolations(page, { frames: true })).toEqual([]);
});

test("the apply form finds an empty name and an unanswered question before the CV is uploaded", async ({
  page,
}) => {
  const path = new URL(board.jobUrl).pathname;
  await signInOnBoard(page, candidate, path);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/profile/cv") && request.method() === "PUT")
      uploads.push(request.url());
  });
  await page.getByRole("button", { name: "Apply now" }).click();
  const dialog = page.getByRole("dialog", { name: `Apply for ${TITLE}` });
  const name = dialog.getByLabel("Your name");
  await expect(name).toHaveValue(candidate.name);
  await name.fill("");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "cv.pdf",
    mimeType: "application/pdf",
    buffer: await onePagePdf("Reading candidate: curriculum vitae."),
  });
  await dialog.getByRole("button", { name: "Send application" }).click();

  // Both mistakes at once, each beside its field, and the first focused.
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(dialog.getByText("Enter your name")).toBeVisible();
  await expect(dialog.getByText("Answer this question")).toBeVisible();
  await expect(dialog.getByRole("status").filter({ hasText: "Check the fields" })).toBeVisible();
  expect(uploads, "nothing uploaded").toEqual([]);
  await lookAt(page, "reading-apply-errors-1280", "viewport");
  // A file that is not a PDF is refused there too.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "cv.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: Buffer.from("not a pdf"),
  });
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(dialog.getByText("The CV must be a PDF file")).toBeVisible();
  expect(uploads, "nothing uploaded").toEqual([]);

  // Put right, it is sent: the CV uploaded once, then the application.
  await name.fill(candidate.name);
  await dialog.getByRole("radio", { name: "Yes" }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "cv.pdf",
    mimeType: "application/pdf",
    buffer: await onePagePdf("Reading candidate: curriculum vitae."),
  });
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(dialog.getByText("Your application was sent.")).toBeVisible();
  expect(uploads).toHaveLength(1);
});

test("on a phone a wide table says it scrolls, and its last column is in reach", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOnBoard(page, employer, routes.billing);
  const region = page.getByRole("region", { name: "Your invoices and credit notes" });
  const table = region.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: "2026-000001" })).toBeVisible();
  // The shades lie beside the scrolling box, in the box that holds both.
  const endCue = region.locator("xpath=..").locator('[data-scroll-cue="end"]');
  const startCue = region.locator("xpath=..").locator('[data-scroll-cue="start"]');
  const lastCell = table.getByRole("row").filter({ hasText: "2026-000001" }).locator("td").last();

  /** How much of `cell` lies inside the region's box, as a share of its width. */
  const shown = async (cell: Locator) => {
    const box = (await region.boundingBox())!;
    const own = (await cell.boundingBox())!;
    const inside = Math.min(own.x + own.width, box.x + box.width) - Math.max(own.x, box.x);
    return Math.max(0, inside) / own.width;
  };

  // The last columns are clipped, and the table says so: a shade along the clipped edge, and a
  // line under it, read with the table's name.
  expect(await shown(lastCell)).toBeLessThan(0.9);
  await expect(endCue).toHaveCSS("opacity", "1");
  await expect(startCue).toHaveCSS("opacity", "0");
  const hint = page.getByText("More columns to the right: scroll sideways →");
  await expect(hint).toBeVisible();
  await expect(region).toHaveAccessibleDescription("More columns to the right: scroll sideways →");
  await region.scrollIntoViewIfNeeded();
  await lookAt(page, "reading-invoices-390", "viewport");

  // Scrolled sideways (here, by its keys), the last column is whole, and the shade moves to the
  // other edge.
  await region.focus();
  await expect
    .poll(async () => {
      await page.keyboard.press("ArrowRight");
      return shown(lastCell);
    })
    // Whole, but for a fraction of a pixel the browser rounds.
    .toBeGreaterThanOrEqual(0.99);
  await expect(lastCell.getByRole("button", { name: /PDF/ })).toBeVisible();
  await expect(endCue).toHaveCSS("opacity", "0");
  await expect(startCue).toHaveCSS("opacity", "1");
  await expect(page.getByText("← Scroll back for the first columns")).toBeVisible();
  await lookAt(page, "reading-invoices-390-scrolled", "viewport");
  expect(await seriousViolations(page)).toEqual([]);
});
