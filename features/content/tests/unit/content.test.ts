// @vitest-environment node
import { describe, expect, it } from "vitest";
import { APPLICATION_RETENTION_DAYS } from "@/lib/legal-figures";
import { LEGAL_DOCUMENTS } from "@/features/content/legal";
import { legalPdf } from "@/features/content/server/legal-pdf";
import { loadLegalDocument, readLegalSource } from "@/features/content/server/legal";
import { seedOfferFiles } from "@/features/content/server/partner-offers";
import { PARTIES_IN_EVERY_SCRIPT } from "@/tests/fixtures/scripts";
import { pdfText } from "@/tests/support/pdf-text";
import { textLines } from "@/tests/support/pdftotext";

describe("legal documents", () => {
  it.each(LEGAL_DOCUMENTS.map((entry) => entry.name))(
    "%s reads as a page and a PDF",
    async (name) => {
      const document = await loadLegalDocument(name);
      expect(document.title.length).toBeGreaterThan(5);
      expect(document.html).toContain("<h2");
      const pdf = await legalPdf(await readLegalSource(name));
      const text = (await pdfText(pdf)).join("\n");
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.length).toBeGreaterThan(3000);
      expect(pdf.toString("latin1")).toContain(`(${document.title})`);
      // The document's own words are on its pages: its first section heading, for one.
      const heading = (await readLegalSource(name)).markdown.match(/^## (.+)$/m)![1]!;
      expect(text).toContain(heading.replace(/[*_`]/g, ""));
      // Every figure the code decides is filled in.
      expect(document.html).not.toContain("{{");
      expect(text).not.toContain("{{");
    },
  );

  it("prints text in every script as typed, in each face", async () => {
    const lines = PARTIES_IN_EVERY_SCRIPT.flatMap(({ name, address }) => [name, ...address]);
    const markdown = [
      "## Ελληνικά, Русский, 日本語, हिन्दी",
      ...lines.map((line, index) => (index % 3 === 0 ? `**${line}**` : line)),
      "*Zażółć gęślą jaźń*: → ≠ ✓",
    ].join("\n\n");
    const pdf = await legalPdf({
      name: "privacy",
      title: "Política de privacidad — プライバシー",
      updated: "2026-03-02",
      summary: "Every script",
      markdown,
    });
    const read = await textLines(pdf);
    expect(read).toEqual(
      expect.arrayContaining([
        "Política de privacidad — プライバシー",
        "Ελληνικά, Русский, 日本語, हिन्दी",
        ...lines,
        "Zażółć gęślą jaźń: → ≠ ✓",
      ]),
    );
  });

  it("tells candidates who sees an application on the board, and how long it is kept, as the code does", async () => {
    const { html } = await loadLegalDocument("privacy");
    const text = html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    expect(text).toContain(
      "shared only with the employer that posted the listing and with Creator Jobs' moderators",
    );
    expect(text).toContain(`deleted ${APPLICATION_RETENTION_DAYS} days later`);
    expect(text).toContain("The CV on your profile is kept until you replace or delete it");
    expect(text).toContain("It also deletes your CVs and your applications on Creator Jobs");
    expect(text).toMatch(/moves to Interview, Offer or Not selected, and when the listing closes/);
    expect(text).toMatch(/employer is emailed about new applicants/);
  });
});

describe("partner offers", () => {
  it("reads content/offers, the table's seed, with https links and a day each", async () => {
    const offers = await seedOfferFiles();
    expect(offers.length).toBeGreaterThanOrEqual(3);
    for (const offer of offers) {
      expect(offer.url).toMatch(/^https:\/\//);
      expect(offer.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(offer.expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(offer.body.length).toBeGreaterThan(20);
    }
  });
});
