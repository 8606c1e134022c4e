import {
  formatMoney,
  formatTaxRate,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceParty,
} from "@/features/billing/documents";
import { formatCount, formatDate } from "@/lib/format";
import { SITE_NAME } from "@/lib/site";
import type { TextStyle, TextWriter } from "@/lib/server/pdf/text";
import { pdfTools } from "@/lib/server/pdf/tools";

/*
 * An invoice or a credit note as a printable A4 PDF (issue 45): who issued it to whom (and the
 * buyer's purchase order reference), its lines, totals, the tax mention and where payment
 * stands. Names and addresses come from anywhere in the world and are printed as written, in
 * their own script and direction (issue 60: the text is written by lib/server/pdf/text.ts, in
 * Noto fonts embedded as subsets). The same document gives the same bytes: the dates pdfkit
 * would read from the clock are the issue date, and the file ID it derives from them follows.
 */

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4, in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Between a table's columns, and half the gap between the page's two halves. */
const GAP = 10;
/** The right half, where the buyer, the dates and the totals line up. */
const HALF_WIDTH = (CONTENT_WIDTH - 2 * GAP) / 2;
const RIGHT_X = MARGIN + HALF_WIDTH + 2 * GAP;

// The site's violet and Tailwind's greys, as in the legal documents' PDFs.
const TITLE: TextStyle = { size: 22, bold: true, colour: "#4c1d95" };
const SUBTITLE: TextStyle = { size: 12, bold: true };
const LABEL: TextStyle = { size: 8.5, bold: true, colour: "#6b7280" };
const NAME: TextStyle = { size: 10.5, bold: true };
const BODY: TextStyle = { size: 9.5 };
const BODY_LABEL: TextStyle = { size: 9.5, colour: "#6b7280" };
const NOTE: TextStyle = { size: 9, colour: "#4b5563" };
const RULE_COLOUR = "#d1d5db";

type Row = readonly [text: string, style: TextStyle];

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/**
 * The language a party's Chinese characters are read in, from its country: they take Japanese,
 * Korean or Chinese forms (lib/server/pdf/fonts.ts), and a name without kana or hangul says
 * nothing itself.
 */
const HAN_LANGUAGES: Record<string, string> = {
  JP: "ja",
  KR: "ko",
  KP: "ko",
  CN: "zh",
  TW: "zh",
  HK: "zh",
  MO: "zh",
  SG: "zh",
};

/** A PDF being drawn, and the way its text is written. */
type Page = { pdf: PDFKit.PDFDocument; text: TextWriter };

type Column = {
  label: string;
  width: number;
  align: "left" | "right";
  /** The description is an English sentence, whatever script the names in it are written in. */
  direction?: "ltr";
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
    direction: "ltr",
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

/** Rows one under another from (x, y), each wrapping within `width`; answers the y below. */
function writeRows(
  { text }: Page,
  rows: Row[],
  [x, y]: [number, number],
  width: number,
  lang?: string,
) {
  return rows.reduce((top, [row, style]) => text.write(row, style, { x, width, lang }, top), y);
}

/** `y` when `height` more fits on the page; else a new page's top. */
function roomFor(pdf: PDFKit.PDFDocument, y: number, height: number) {
  if (y + height <= pdf.page.maxY()) return y;
  pdf.addPage();
  return pdf.page.margins.top;
}

/** A label and its value across the right half, at `y`; answers the y below. */
function writePair(
  { text }: Page,
  [label, value]: [string, string],
  y: number,
  [labelStyle, valueStyle]: [TextStyle, TextStyle] = [BODY_LABEL, BODY],
) {
  const box = { x: RIGHT_X, width: HALF_WIDTH };
  return Math.max(
    text.write(label, labelStyle, box, y),
    text.write(value, valueStyle, { ...box, align: "right" }, y),
  );
}

/** Title, number and the invoice a credit note credits on the left; the dates on the right. */
function writeHeading(page: Page, invoice: InvoiceDocument, y: number) {
  const credits: Row[] = invoice.credits_invoice
    ? [[`Credits invoice ${invoice.credits_invoice}`, BODY]]
    : [];
  const title: Row[] = [[titleOf(invoice), TITLE], [invoice.number, SUBTITLE], ...credits];
  const left = writeRows(page, title, [MARGIN, y], HALF_WIDTH);
  const dates: [string, string | null][] = [
    ["Issued", invoice.issued_at],
    ["Due", invoice.due_at],
    ["Paid", invoice.paid_at],
  ];
  // From the title's baseline down, beside it.
  const right = dates.reduce(
    (top, [label, iso]) => (iso ? writePair(page, [label, formatDate(iso)], top) : top),
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

/** A party's block, its Chinese characters in the forms of its country's language. */
const writeParty = (page: Page, heading: string, party: InvoiceParty, at: [number, number]) =>
  writeRows(
    page,
    partyRows(heading, party),
    at,
    HALF_WIDTH,
    HAN_LANGUAGES[party.country?.toUpperCase() ?? ""],
  );

/** The seller beside the buyer; answers the y below the longer of the two. */
function writeParties(page: Page, invoice: InvoiceDocument, y: number) {
  const seller = writeParty(page, "From", invoice.seller, [MARGIN, y]);
  const buyer = writeParty(page, "Bill to", invoice.buyer, [RIGHT_X, y]);
  return Math.max(seller, buyer);
}

/**
 * The buyer's own reference (its purchase order number) across the page under the parties: on
 * a line of its own, so that the longest, in any script and either direction, reads and copies
 * whole and as typed; answers the y below.
 */
function writeReference(page: Page, invoice: InvoiceDocument, y: number) {
  const reference = invoice.buyer.purchase_order;
  if (!reference) return y;
  const rows: Row[] = [
    ["Your reference:", LABEL],
    [reference, NAME],
  ];
  const lang = HAN_LANGUAGES[invoice.buyer.country?.toUpperCase() ?? ""];
  return writeRows(page, rows, [MARGIN, y + 18], CONTENT_WIDTH, lang);
}

type Cell = {
  text: string;
  x: number;
  width: number;
  align: "left" | "right";
  direction?: "ltr";
};

/** A row's cells: figures keep the gap on their left, the description on its right. */
function cellsOf(text: (column: Column) => string): Cell[] {
  let x = MARGIN;
  return COLUMNS.map((column) => {
    const left = x;
    x += column.width;
    const { width, align, direction } = column;
    return {
      text: text(column),
      x: align === "right" ? left + GAP : left,
      width: width - GAP,
      align,
      direction,
    };
  });
}

const rowHeight = ({ text }: Page, cells: Cell[], style: TextStyle) =>
  Math.max(...cells.map((cell) => text.heightOf(cell.text, style, cell)));

function rule(pdf: PDFKit.PDFDocument, y: number, x = MARGIN, width = CONTENT_WIDTH) {
  pdf
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE_COLOUR)
    .stroke();
}

/** One row of the table at `y`, with a rule under it; answers the y below. */
function writeTableRow(page: Page, cells: Cell[], y: number, style: TextStyle) {
  const bottom = y + rowHeight(page, cells, style);
  for (const cell of cells) page.text.write(cell.text, style, cell, y);
  rule(page.pdf, bottom + 4);
  return bottom + 8;
}

/** The lines' table; a line that does not fit goes to a new page, under the header again. */
function writeLines(page: Page, lines: InvoiceLine[], y: number) {
  const header = cellsOf(({ label }) => label);
  return lines.reduce(
    (top, line) => {
      const cells = cellsOf(({ cell }) => cell(line));
      const fitted = roomFor(page.pdf, top, rowHeight(page, cells, BODY) + 8);
      const start = fitted === top ? top : writeTableRow(page, header, fitted, LABEL);
      return writeTableRow(page, cells, start, BODY);
    },
    writeTableRow(page, header, y, LABEL),
  );
}

/** Subtotal, tax and total in the right half; answers the y below. */
function writeTotals(page: Page, invoice: InvoiceDocument, y: number) {
  const amount = (minor: number) => formatMoney(minor, invoice.currency);
  // Kept together: the three lines take under 60 points.
  const top = roomFor(page.pdf, y, 60);
  const tax = writePair(page, ["Subtotal", amount(invoice.subtotal_minor)], top);
  const total = writePair(page, ["Tax", amount(invoice.tax_minor)], tax + 2);
  rule(page.pdf, total + 4, RIGHT_X, HALF_WIDTH);
  return writePair(page, ["Total", amount(invoice.total_minor)], total + 8, [SUBTITLE, SUBTITLE]);
}

function statusLine(invoice: InvoiceDocument) {
  if (invoice.paid_at) return `Paid on ${formatDate(invoice.paid_at)}`;
  if (invoice.due_at) return `Due by ${formatDate(invoice.due_at)}`;
  return null;
}

/**
 * Where to pay an invoice due by transfer, one line of the account each, and the reference that
 * finds it (issue 61). The board issues none without its bank; one issued before says to ask.
 */
function paymentRows(invoice: InvoiceDocument): Row[] {
  const bank = invoice.seller.bank ?? [];
  if (invoice.paid_at || invoice.payment_method !== "transfer") return [];
  const reference: Row = [`Payment reference: ${invoice.number}`, NAME];
  if (bank.length === 0) {
    return [
      [`Pay by bank transfer, quoting ${invoice.number}; ask us for our bank details.`, NOTE],
      reference,
    ];
  }
  return [["Pay by bank transfer to:", NOTE], ...bank.map((line): Row => [line, BODY]), reference];
}

/** The tax mention and where payment stands, across the page under the totals. */
function writeNotes(page: Page, invoice: InvoiceDocument, y: number) {
  const status = statusLine(invoice);
  const payment = invoice.kind === "invoice" ? paymentRows(invoice) : [];
  const rows: Row[] = [
    ...(invoice.tax_note ? [[invoice.tax_note, NOTE] as const] : []),
    ...(status ? [[status, NAME] as const] : []),
    ...payment,
  ];
  const box = { x: MARGIN, width: CONTENT_WIDTH };
  const height = rows.reduce(
    (sum, [text, style]) => sum + page.text.heightOf(text, style, box) + 6,
    0,
  );
  const top = roomFor(page.pdf, y, height);
  rows.reduce((next, row) => writeRows(page, [row], [MARGIN, next], CONTENT_WIDTH) + 6, top);
}

/** "Invoice 2026-000123 · Page 1 of 2" at each page's foot, when there is more than one. */
function numberPages({ pdf, text }: Page, invoice: InvoiceDocument) {
  const { start, count } = pdf.bufferedPageRange();
  if (count < 2) return;
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    const { margins, height } = pdf.page;
    const bottom = margins.bottom;
    // Text below the bottom margin would otherwise start a new page.
    margins.bottom = 0;
    text.write(
      `${titleOf(invoice)} ${invoice.number} · Page ${index - start + 1} of ${count}`,
      NOTE,
      { x: MARGIN, width: CONTENT_WIDTH, align: "right" },
      height - bottom / 2 - 6,
    );
    margins.bottom = bottom;
  }
}

/**
 * An invoice or credit note as an A4 PDF, the same bytes for the same document. pdfkit (and the
 * text's fonts and their parser) is loaded with the first PDF, not with the server (issue 48).
 */
export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  options: { siteName?: string } = {},
): Promise<Buffer> {
  const { PDFDocument, textWriter } = await pdfTools();
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
  const page = { pdf, text: textWriter(pdf) };
  const parties = writeParties(page, invoice, writeHeading(page, invoice, MARGIN) + 28);
  const lines = writeLines(page, invoice.lines, writeReference(page, invoice, parties) + 28);
  writeNotes(page, invoice, writeTotals(page, invoice, lines + 6) + 18);
  numberPages(page, invoice);
  pdf.end();
  return done;
}
