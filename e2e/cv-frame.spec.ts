import type { Frame } from "@playwright/test";
import { CV_FRAME_PATH, type CvFrameReport } from "@/features/applications/cv-frame";
import { watchViolations } from "./support/csp";
import { expect, test } from "./support/fixtures";
import { scriptedPdf } from "./support/scripted-pdf";

/*
 * The CV frame (issue 40) given a hostile CV: a PDF whose JavaScript, as soon as a viewer opens
 * it and again from its link, shows an alert, submits a form to an address of ours and opens
 * that address. The frame is driven directly, as the pipeline drives it (the upload refuses such
 * PDFs, so none reaches an applicant's page that way), from a page of the site under its real
 * policy. Chromium's own PDF viewer, in which the pipeline showed CVs before, runs the script:
 * the same bytes there prove the PDF is live.
 */

const LEAK = "/leak-from-a-cv";

test("a CV's JavaScript does not run in the CV frame, which draws the CV", async ({
  page,
  context,
  baseURL,
}) => {
  const leak = new URL(LEAK, baseURL).href;
  const pdf = scriptedPdf(
    `app.alert('opened'); this.submitForm({cURL: '${leak}?form'}); app.launchURL('${leak}?launch', true);`,
  ).toString("base64");
  const violations = await watchViolations(context);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const popups: string[] = [];
  context.on("page", (popup) => popups.push(popup.url()));
  const requests: { url: string; frame: Frame }[] = [];
  context.on("request", (request) => requests.push({ url: request.url(), frame: request.frame() }));

  await page.goto("/about");
  // As cv-viewer.tsx does: frame it, wait for it to be ready, send the bytes.
  const reports = await page.evaluate(
    ({ path, base64 }) => {
      const frame = document.createElement("iframe");
      frame.setAttribute("sandbox", "allow-scripts");
      frame.title = "CV";
      frame.src = path;
      frame.style.cssText = "position:fixed;top:0;left:0;z-index:100;width:640px;height:860px";
      const heard: CvFrameReport[] = [];
      const done = new Promise<CvFrameReport[]>((resolve) => {
        window.addEventListener("message", (event) => {
          if (event.source !== frame.contentWindow) return;
          const report = event.data as CvFrameReport;
          heard.push(report);
          if (report.type !== "cv-frame:ready") {
            resolve(heard);
            return;
          }
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
          frame.contentWindow!.postMessage({ type: "cv-frame:show", pdf: bytes }, "*", [bytes]);
        });
      });
      document.body.append(frame);
      return done;
    },
    { path: CV_FRAME_PATH, base64: pdf },
  );
  expect(reports).toEqual([{ type: "cv-frame:ready" }, { type: "cv-frame:shown", pages: 1 }]);

  // Drawn, with its text for screen readers.
  const cv = page.frameLocator('iframe[title="CV"]');
  await expect(cv.locator("canvas")).toHaveCount(1);
  await expect(cv.locator("main")).toContainText("A CV with a script");
  // Its link pressed, where the PDF draws it: the link is ink on a canvas, nothing to follow.
  const sheet = (await cv.locator("canvas").boundingBox())!;
  const scale = sheet.width / 612;
  await page.mouse.click(sheet.x + 186 * scale, sheet.y + (792 - 647) * scale);
  await page.waitForTimeout(1_000);

  expect(dialogs, "no alert").toEqual([]);
  expect(popups, "no window opened").toEqual([]);
  expect(requests.filter((request) => request.url.includes(LEAK))).toEqual([]);
  // The frame asked for its own files and nothing else, and is still where it was.
  const cvFrame = page.frames().find((frame) => frame.url().endsWith(CV_FRAME_PATH));
  const fromFrame = requests.filter((request) => request.frame === cvFrame);
  expect(fromFrame.map((request) => new URL(request.url).pathname)).toEqual([
    CV_FRAME_PATH,
    expect.stringMatching(/^\/cv-viewer\/viewer\.\w+\.css$/),
    expect.stringMatching(/^\/cv-viewer\/viewer\.\w+\.js$/),
  ]);
  expect(page.frames().map((frame) => new URL(frame.url()).pathname)).toEqual([
    "/about",
    CV_FRAME_PATH,
  ]);
  expect(violations).toEqual([]);

  // The same bytes as the pipeline showed CVs before: a blob: frame without a sandbox, in
  // Chromium's own viewer (on a page of no policy: the site's no longer frames blob:).
  await context.route("**/cv-frame-control", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Control</title>" }),
  );
  await page.goto("/cv-frame-control");
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const frame = document.createElement("iframe");
    frame.src = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    document.body.append(frame);
  }, pdf);
  await expect.poll(() => dialogs, { message: "the script runs there" }).toContain("opened");
});
