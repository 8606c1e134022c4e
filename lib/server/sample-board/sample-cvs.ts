import { personOf } from "./applications";
import type { SampleCandidate } from "./talent";

/*
 * The sample candidates' CVs: real one-page PDFs (pdfkit, as the legal documents' PDFs are
 * made), so that an employer opening one in the pipeline sees a CV, and the upload's check
 * (features/applications/server/cv-file.ts) would take it. A few milliseconds each.
 */

const EXPERIENCE_YEARS = ["2019 – 2021", "2021 – 2023", "2023 – present"] as const;
/** The role before the present one. */
const EARLIER_ROLES = [
  "Community manager",
  "Partnerships coordinator",
  "Production assistant",
  "Marketing coordinator",
  "Junior designer",
] as const;
const EMPLOYERS = [
  "a creator-led media company",
  "a talent management agency",
  "a direct-to-consumer brand",
  "an influencer marketing agency",
  "a YouTube channel network",
] as const;

/** The built-in PDF fonts speak WinAnsi: anything else would print as garbage. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF–—’•]/g, "");

/** A candidate's one-page CV. `index` varies the employers named, so CVs are not all alike. */
export async function sampleCvPdf(candidate: SampleCandidate, index: number): Promise<Buffer> {
  const { fullName, email, handle } = personOf(candidate);
  const { headline, location, skills } = candidate.user;
  // pdfkit by import(), as every PDF loads it (lib/server/pdf/tools.ts): never a require().
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `${fullName}: CV`, Author: fullName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(22).text(printable(fullName));
  doc
    .font("Helvetica")
    .fontSize(12)
    .fillColor("#444444")
    .text(printable(headline ?? ""));
  doc
    .moveDown(0.3)
    .fontSize(10)
    .text(printable([location, email, `${handle}.example`].filter(Boolean).join("  •  ")));

  const heading = (text: string) =>
    doc.moveDown(1.2).font("Helvetica-Bold").fontSize(13).fillColor("#111111").text(text);
  heading("Experience");
  const role = headline ?? "Creator economy generalist";
  [2, 1].forEach((step, order) => {
    const employer = EMPLOYERS[(index + order) % EMPLOYERS.length]!;
    doc
      .moveDown(0.5)
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(printable(order === 0 ? role : EARLIER_ROLES[index % EARLIER_ROLES.length]!))
      .font("Helvetica")
      .fontSize(10)
      .fillColor("#444444")
      .text(`${EXPERIENCE_YEARS[step]}, ${employer}`)
      .fillColor("#111111")
      .text(
        order === 0
          ? "Led day-to-day work with creators and brands: briefs, timelines, reporting and the odd crisis."
          : "Learned the trade: outreach, contracts, scheduling and keeping every campaign on time.",
      );
  });
  heading("Skills");
  doc
    .moveDown(0.3)
    .font("Helvetica")
    .fontSize(10)
    .text(printable((skills ?? []).join(", ")));
  heading("Education");
  doc.moveDown(0.3).font("Helvetica").fontSize(10).text("BA in Media and Communications, 2019");
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
