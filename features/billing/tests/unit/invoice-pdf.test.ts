// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatMoney, type InvoiceDocument } from "@/features/billing/documents";
import { renderInvoicePdf } from "@/features/billing/server/invoice-pdf";
import { invoiceOf, line } from "@/tests/fixtures/invoices";
import { PARTIES_IN_EVERY_SCRIPT } from "@/tests/fixtures/scripts";
import { pdfText } from "@/tests/support/pdf-text";
import { placedWords, textLines } from "@/tests/support/pdftotext";

/*
 * The invoice PDF (issue 45), read back as a reader would copy its text: every letter of the
 * parties' names, the figures as formatted, the tax mention; the same bytes for the same
 * document whenever it is rendered; a long invoice runs onto numbered pages and keeps every line.
 * Names and addresses in every script print and read back as typed, right-to-left ones drawn
 * right to left, with only the fonts they need embedded (issue 60).
 */

const euros = (minor: number) => formatMoney(minor, "eur");

const INVOICE = invoiceOf([
  line("Featured listing: Senior Video Editor, Příliš žluťoučký kůň (30 days)", 49_900),
  line("Job pack: 5 listings", 19_900, 3),
]);

const CREDIT_NOTE: InvoiceDocument = {
  ...INVOICE,
  id: 8,
  kind: "credit_note",
  number: "CN-2026-000004",
  status: "issued",
  issued_at: "2026-03-09T08:00:00.000Z",
  paid_at: null,
  lines: INVOICE.lines.map((item) => ({
    ...item,
    net_minor: -item.net_minor,
    total_minor: -item.total_minor,
  })),
  subtotal_minor: -INVOICE.subtotal_minor,
  total_minor: -INVOICE.total_minor,
  credits_invoice: INVOICE.number,
  refund_status: "pending",
};

/** Each page's text with every run of spaces and line ends made one space. */
const renderText = async (invoice: InvoiceDocument) =>
  (await pdfText(await renderInvoicePdf(invoice))).map((page) => page.replace(/\s+/g, " "));

afterEach(() => {
  vi.useRealTimers();
});

describe("renderInvoicePdf", () => {
  it("prints the number, both parties, each line, the totals and the tax note", async () => {
    const [page, ...more] = await renderText(INVOICE);
    expect(more).toEqual([]);
    expect(page).toMatch(/^Invoice 2026-000123 /);
    for (const text of [
      "Issued Mar 2, 2026",
      "From Müller & Søn GmbH Torstraße 12 10119 Berlin Germany VAT ID DE811907980",
      "Bill to Łódź Sp. z o.o. ul. Piotrkowska 104 90-006 Łódź Poland VAT ID PL5260250274 faktury@lodz.example",
      `Featured listing: Senior Video Editor, Příliš žluťoučký kůň (30 days) 1 ${euros(49_900)} 0% ${euros(0)} ${euros(49_900)}`,
      `Job pack: 5 listings 3 ${euros(19_900)} 0% ${euros(0)} ${euros(59_700)}`,
      `Subtotal ${euros(109_600)} Tax ${euros(0)} Total ${euros(109_600)}`,
      "Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC).",
      "Paid on Mar 2, 2026",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toContain("€1,096.00");
  });

  it("titles a credit note and names the invoice it credits", async () => {
    const [page] = await renderText(CREDIT_NOTE);
    expect(page).toMatch(/^Credit note CN-2026-000004 Credits invoice 2026-000123 /);
    expect(page).toContain(`Total ${euros(-109_600)}`);
    expect(page).not.toContain("Paid on");
  });

  it("gives the same bytes for the same document, whenever it is rendered", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T10:15:00Z") });
    const first = await renderInvoicePdf(INVOICE);
    vi.setSystemTime(new Date("2027-01-01T00:00:00Z"));
    const second = await renderInvoicePdf(INVOICE);
    expect(second.equals(first)).toBe(true);
    expect((await renderInvoicePdf(CREDIT_NOTE)).equals(first)).toBe(false);
  });

  it("runs a long invoice onto numbered pages, wrapping long descriptions, losing no line", async () => {
    const descriptions = Array.from(
      { length: 40 },
      (_, index) =>
        `Listing ${index + 1}: Head of Partnerships for a creator-led skincare brand, featured on the board's front page and in the weekly newsletter for thirty days`,
    );
    const pages = await renderText(invoiceOf(descriptions.map((text) => line(text, 29_900))));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Invoice 2026-000123 · Page ${index + 1} of ${pages.length}`);
      expect(page).toContain("Description Qty Unit price Tax rate Tax Amount");
    });
    const text = pages.join(" ");
    for (const description of descriptions) expect(text).toContain(description);
    expect(text).toContain(`Total ${euros(40 * 29_900)}`);
  });
});

/** The names of the fonts a PDF embeds, without their subset tags: "NotoSansJP-Regular". */
const embeddedFonts = (pdf: Buffer) =>
  new Set(
    [...pdf.toString("latin1").matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map(
      ([, name]) => name!,
    ),
  );

describe("renderInvoicePdf in every script", () => {
  it.each(PARTIES_IN_EVERY_SCRIPT)(
    "prints a $script buyer's name and address as typed",
    async ({ country, name, address }) => {
      const pdf = await renderInvoicePdf({
        ...INVOICE,
        buyer: { name, address, country, tax_id: null },
      });
      const lines = await textLines(pdf);
      for (const typed of [name, ...address]) expect(lines).toContain(typed);
    },
  );

  it("draws right-to-left text right to left, numbers and all", async () => {
    const street = "רחוב הרצל 12";
    const pdf = await renderInvoicePdf({
      ...INVOICE,
      buyer: { name: "חברת יצירה בע״מ", address: [street, "תל אביב"], country: "IL", tax_id: null },
    });
    const words = await placedWords(pdf);
    const line = words.find((word) => word.text === "לצרה")!;
    // The buyer's line, in the right half of the A4 page (the seller's is beside it).
    const drawn = words
      .filter((word) => Math.abs(word.yMin - line.yMin) < 1 && word.xMin > 595.28 / 2)
      .sort((a, b) => a.xMin - b.xMin)
      .map((word) => word.text);
    // Left to right as the eye sees it: the number, then each word with its first letter rightmost.
    expect(drawn).toEqual(["12", "לצרה", "בוחר"]);
  });

  // The Arabic one without digits: pdftotext reads a number in a right-to-left line where it is
  // drawn, on the left (as the Hebrew test above shows is right), not where it was typed.
  it.each([
    ["Japanese", "JP", "発注番号-𠮷野家-2291"],
    ["Arabic", "AE", "أمر شراء الإبداع"],
    ["Polish", "PL", "Zamówienie Łódź/ŻÓŁĆ-7"],
  ])("prints a %s purchase order reference as typed", async (_script, country, reference) => {
    const pdf = await renderInvoicePdf({
      ...INVOICE,
      buyer: { ...INVOICE.buyer, country, purchase_order: reference },
    });
    const lines = await textLines(pdf);
    expect(lines).toContain(reference);
    expect(lines[lines.indexOf(reference) - 1]).toBe("Your reference:");
  });

  it("prints the longest reference whole, and none on a document whose buyer gave none", async () => {
    const reference = "PO-2026/ACCOUNTS-PAYABLE-0000002291";
    const [page] = await renderText({
      ...CREDIT_NOTE,
      buyer: { ...INVOICE.buyer, purchase_order: reference },
    });
    expect(page).toContain(`Your reference: ${reference}`);
    expect((await renderText(INVOICE))[0]).not.toContain("Your reference");
  });

  it("embeds only the fonts its text needs", async () => {
    expect(embeddedFonts(await renderInvoicePdf(INVOICE))).toEqual(
      new Set(["NotoSans-Regular", "NotoSans-Bold"]),
    );
    const [japanese] = PARTIES_IN_EVERY_SCRIPT;
    const fonts = embeddedFonts(
      await renderInvoicePdf({
        ...INVOICE,
        buyer: { ...japanese!, tax_id: null },
      }),
    );
    expect([...fonts].filter((font) => !font.startsWith("NotoSans-"))).toEqual(
      expect.arrayContaining(["NotoSansJP-Bold", "NotoSansJP-Regular"]),
    );
    expect([...fonts].every((font) => /^NotoSans(JP)?-(Regular|Bold)$/.test(font))).toBe(true);
  });
});
