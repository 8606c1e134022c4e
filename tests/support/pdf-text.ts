/*
 * What a reader of a PDF would copy from it: the text of each page, read with pdf.js (the legacy
 * build, for Node). Lines end with a newline; pieces of one line are joined as pdf.js spaced them.
 */

/** The text of each page of `pdf`, in order. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // verbosity 0: no warning that standard fonts' data is missing (the PDFs read here embed theirs).
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loading.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const { items } = await (await document.getPage(number)).getTextContent();
      pages.push(
        items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""),
      );
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}
