/** A document's PDF, shown in the browser's viewer under its own name. */
export const pdfHeaders = (filename: string) => ({
  "Content-Type": "application/pdf",
  "Content-Disposition": `inline; filename="${filename}"`,
  "X-Content-Type-Options": "nosniff",
});
