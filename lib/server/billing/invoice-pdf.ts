import { createRequire } from "node:module";
import { join } from "node:path";
import {
  formatMoney,
  formatTaxRate,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceParty,
} from "@/lib/billing/documents";
import { formatCount, formatDate } from "@/lib/format";
import { SITE_NAME } from "@/lib/site";

/*
 * An invoice or a credit note as a printable A4 PDF (issue 45): who issued it to whom, its lines,
 * totals, the tax mention and where payment stands. Names and addresses come from anywhere in
 * Europe, and pdfkit's built-in Helvetica speaks only WinAnsi (it would drop the Ł of "Łódź"),
 * so the text is set in Open Sans (SIL Open Font License), embedded as a subset, from the
 * @expo-google-fonts/open-sans package. The same document gives the same bytes: the dates pdfkit
 * would read from the clock are the issue date, and the file ID it derives from them follows.
 */

// The font files are found through the package at run time, from the app's folder: Next's
// server bundles and the esbuild-bundled server and worker (CommonJS, without import.meta) all
// run there. next.config.ts traces the files into the build's output.
const fontFile = createRequire(join(process.cwd(), "package.json")).resolve;
const FONTS = {
  Regular: fontFile("@expo-google-fonts/open-sans/400Regular/OpenSans_400Regular.ttf"),
  Bold: fontFile("@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf"),
};

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4, in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Between a table's columns, and half the gap between the page's two halves. */
const GAP = 10;
/** The right half, where the buyer, the dates and the totals line up. */
const HALF_WIDTH = (CONTENT_WIDTH - 2 * GAP) / 2;
const RIGHT_X = MARGIN + HALF_WIDTH + 2 * GAP;

type Style = { size: number; bold?: boolean; colour?: string };

// The site's violet and Tailwind's greys, as in the legal documents' PDFs.
const TITLE: Style = { size: 22, bold: true, colour: "#4c1d95" };
const SUBTITLE: Style = { size: 12, bold: true };
const LABEL: Style = { size: 8.5, bold: true, colour: "#6b7280" };
const NAME: Style = { size: 10.5, bold: true };
const BODY: Style = { size: 9.5 };
const BODY_LABEL: Style = { size: 9.5, colour: "#6b7280" };
const NOTE: Style = { size: 9, colour: "#4b5563" };
const TEXT_COLOUR = "#1f2937";
const RULE_COLOUR = "#d1d5db";

type Row = readonly [text: string, style: Style];

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

type Column = {
  label: string;
  width: number;
  align: "left" | "right";
  cell: (line: InvoiceLine) => string;
};

const money = (column: "unit_minor" | "tax_minor" | "net_minor") => (line: InvoiceLine) =>
  formatMoney(line[column], line.currency);

// The figures take 300 points; the description takes the rest, long ones wrapping within it.
const COLUMNS: Column[] = [
  {
    label: "Description",
    width: CONTENT_WIDTH - 300,
    align: "left",
    cell: (line) => line.description,
  },
  { label: "Qty", width: 38, align: "right", cell: (line) => formatCount(line.quantity) },
  { label: "Unit price", width: 72, align: "right", cell: money("unit_minor") },
  { label: "Tax rate", width: 50, align: "right", cell: (line) => formatTaxRate(line.tax_rate_bp) },
  { label: "Tax", width: 64, align: "right", cell: money("tax_minor") },
  { label: "Amount", width: 76, align: "right", cell: money("net_minor") },
];

const titleOf = (invoice: InvoiceDocument) =>
  invoice.kind === "credit_note" ? "Credit note" : "Invoice";

function setStyle(pdf: PDFKit.PDFDocument, { size, bold = false, colour = TEXT_COLOUR }: Style) {
  return pdf
    .font(bold ? "Bold" : "Regular")
    .fontSize(size)
    .fillColor(colour);
}

/** Rows one under another from (x, y), each wrapping within `width`; answers the y below. */
function writeRows(pdf: PDFKit.PDFDocument, rows: Row[], x: number, y: number, width: number) {
  return rows.reduce((top, [text, style]) => {
    setStyle(pdf, style).text(text, x, top, { width });
    return pdf.y;
  }, y);
}

/** `y` when `height` more fits on the page; else a new page's top. */
function roomFor(pdf: PDFKit.PDFDocument, y: number, height: number) {
  if (y + height <= pdf.page.maxY()) return y;
  pdf.addPage();
  return pdf.page.margins.top;
}

/** A label and its value across the right half, at `y`; answers the y below. */
function writePair(
  pdf: PDFKit.PDFDocument,
  [label, value]: [string, string],
  y: number,
  [labelStyle, valueStyle]: [Style, Style] = [BODY_LABEL, BODY],
) {
  setStyle(pdf, labelStyle).text(label, RIGHT_X, y, { width: HALF_WIDTH });
  setStyle(pdf, valueStyle).text(value, RIGHT_X, y, { width: HALF_WIDTH, align: "right" });
  return pdf.y;
}

/** Title, number and the invoice a credit note credits on the left; the dates on the right. */
function writeHeading(pdf: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number) {
  const credits: Row[] = invoice.credits_invoice
    ? [[`Credits invoice ${invoice.credits_invoice}`, BODY]]
    : [];
  const title: Row[] = [[titleOf(invoice), TITLE], [invoice.number, SUBTITLE], ...credits];
  const left = writeRows(pdf, title, MARGIN, y, HALF_WIDTH);
  const dates: [string, string | null][] = [
    ["Issued", invoice.issued_at],
    ["Due", invoice.due_at],
    ["Paid", invoice.paid_at],
  ];
  // From the title's baseline down, beside it.
  const right = dates.reduce(
    (top, [label, iso]) => (iso ? writePair(pdf, [label, formatDate(iso)], top) : top),
    y + 8,
  );
  return Math.max(left, right);
}

function partyRows(heading: string, party: InvoiceParty): Row[] {
  const details = [
    ...party.address,
    party.country && (regionNames.of(party.country.toUpperCase()) ?? party.country),
    party.tax_id && `VAT ID ${party.tax_id}`,
    party.email,
  ].filter((line): line is string => Boolean(line));
  return [[heading, LABEL], [party.name, NAME], ...details.map((line): Row => [line, BODY])];
}

/** The seller beside the buyer; answers the y below the longer of the two. */
function writeParties(pdf: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number) {
  const seller = writeRows(pdf, partyRows("From", invoice.seller), MARGIN, y, HALF_WIDTH);
  const buyer = writeRows(pdf, partyRows("Bill to", invoice.buyer), RIGHT_X, y, HALF_WIDTH);
  return Math.max(seller, buyer);
}

type Cell = { text: string; x: number; width: number; align: "left" | "right" };

/** A row's cells: figures keep the gap on their left, the description on its right. */
function cellsOf(text: (column: Column) => string): Cell[] {
  let x = MARGIN;
  return COLUMNS.map((column) => {
    const left = x;
    x += column.width;
    const { width, align } = column;
    return {
      text: text(column),
      x: align === "right" ? left + GAP : left,
      width: width - GAP,
      align,
    };
  });
}

const rowHeight = (pdf: PDFKit.PDFDocument, cells: Cell[]) =>
  Math.max(...cells.map(({ text, width }) => pdf.heightOfString(text, { width })));

function rule(pdf: PDFKit.PDFDocument, y: number, x = MARGIN, width = CONTENT_WIDTH) {
  pdf
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE_COLOUR)
    .stroke();
}

/** One row of the table at `y`, with a rule under it; answers the y below. */
function writeTableRow(pdf: PDFKit.PDFDocument, cells: Cell[], y: number, style: Style) {
  setStyle(pdf, style);
  const bottom = y + rowHeight(pdf, cells);
  for (const { text, x, width, align } of cells) pdf.text(text, x, y, { width, align });
  rule(pdf, bottom + 4);
  return bottom + 8;
}

/** The lines' table; a line that does not fit goes to a new page, under the header again. */
function writeLines(pdf: PDFKit.PDFDocument, lines: InvoiceLine[], y: number) {
  const header = cellsOf(({ label }) => label);
  return lines.reduce(
    (top, line) => {
      const cells = cellsOf(({ cell }) => cell(line));
      setStyle(pdf, BODY);
      const fitted = roomFor(pdf, top, rowHeight(pdf, cells) + 8);
      const start = fitted === top ? top : writeTableRow(pdf, header, fitted, LABEL);
      return writeTableRow(pdf, cells, start, BODY);
    },
    writeTableRow(pdf, header, y, LABEL),
  );
}

/** Subtotal, tax and total in the right half; answers the y below. */
function writeTotals(pdf: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number) {
  const amount = (minor: number) => formatMoney(minor, invoice.currency);
  // Kept together: the three lines take under 60 points.
  const top = roomFor(pdf, y, 60);
  const tax = writePair(pdf, ["Subtotal", amount(invoice.subtotal_minor)], top);
  const total = writePair(pdf, ["Tax", amount(invoice.tax_minor)], tax + 2);
  rule(pdf, total + 4, RIGHT_X, HALF_WIDTH);
  return writePair(pdf, ["Total", amount(invoice.total_minor)], total + 8, [SUBTITLE, SUBTITLE]);
}

function statusLine(invoice: InvoiceDocument) {
  if (invoice.paid_at) return `Paid on ${formatDate(invoice.paid_at)}`;
  if (invoice.due_at) return `Due by ${formatDate(invoice.due_at)}`;
  return null;
}

/** Where to pay an invoice due by transfer, and the reference that finds it. */
function paymentLine(invoice: InvoiceDocument) {
  const bank = invoice.seller.bank ?? [];
  if (invoice.paid_at || invoice.payment_method !== "transfer" || bank.length === 0) return null;
  return `Pay by bank transfer to ${bank.join(", ")}, quoting ${invoice.number}.`;
}

/** The tax mention and where payment stands, across the page under the totals. */
function writeNotes(pdf: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number) {
  const status = statusLine(invoice);
  const payment = invoice.kind === "invoice" ? paymentLine(invoice) : null;
  const rows: Row[] = [
    ...(invoice.tax_note ? [[invoice.tax_note, NOTE] as const] : []),
    ...(status ? [[status, NAME] as const] : []),
    ...(payment ? [[payment, NOTE] as const] : []),
  ];
  const height = rows.reduce(
    (sum, [text, style]) =>
      sum + setStyle(pdf, style).heightOfString(text, { width: CONTENT_WIDTH }) + 6,
    0,
  );
  const top = roomFor(pdf, y, height);
  rows.reduce((next, row) => writeRows(pdf, [row], MARGIN, next, CONTENT_WIDTH) + 6, top);
}

/** "Invoice 2026-000123 · Page 1 of 2" at each page's foot, when there is more than one. */
function numberPages(pdf: PDFKit.PDFDocument, invoice: InvoiceDocument) {
  const { start, count } = pdf.bufferedPageRange();
  if (count < 2) return;
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    const { margins, height } = pdf.page;
    const bottom = margins.bottom;
    // Text below the bottom margin would otherwise make pdfkit start a new page.
    margins.bottom = 0;
    setStyle(pdf, NOTE).text(
      `${titleOf(invoice)} ${invoice.number} · Page ${index - start + 1} of ${count}`,
      MARGIN,
      height - bottom / 2 - 6,
      { width: CONTENT_WIDTH, align: "right" },
    );
    margins.bottom = bottom;
  }
}

/**
 * An invoice or credit note as an A4 PDF, the same bytes for the same document. pdfkit (and its
 * fonts' parser) is loaded with the first PDF, not with the server (issue 48).
 */
export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  options: { siteName?: string } = {},
): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const issued = new Date(invoice.issued_at);
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    lang: "en",
    info: {
      Title: `${titleOf(invoice)} ${invoice.number}`,
      Author: options.siteName ?? SITE_NAME,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  for (const [name, file] of Object.entries(FONTS)) pdf.registerFont(name, file);
  const parties = writeParties(pdf, invoice, writeHeading(pdf, invoice, MARGIN) + 28);
  const lines = writeLines(pdf, invoice.lines, parties + 28);
  writeNotes(pdf, invoice, writeTotals(pdf, invoice, lines + 6) + 18);
  numberPages(pdf, invoice);
  pdf.end();
  return done;
}
