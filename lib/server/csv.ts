import { stringify } from "csv-stringify/sync";

/**
 * Rows as RFC 4180 writes them (cells by commas, lines by CRLF, the last one ended too), by
 * csv-stringify, and never a formula: a cell like `=HYPERLINK(...)` would run in the reader's
 * spreadsheet, so one that starts like a formula (=, +, -, @, tab, carriage return, or their
 * full-width forms) is written after a quote mark, as OWASP advises (a number, even a negative
 * one, is written as it is). The CSV files the board
 * offers (a listing's applicants, a salary page's figures) are written so.
 */
export const csvLines = (rows: readonly (readonly (string | number)[])[]) =>
  stringify(rows as (string | number)[][], {
    record_delimiter: "windows",
    escape_formulas: true,
    // A line break of any kind is quoted: csv-stringify quotes only its own CRLF otherwise.
    quoted_match: /[\r\n]/,
  });
