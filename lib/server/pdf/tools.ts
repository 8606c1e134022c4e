/**
 * pdfkit and the text writer (with fontkit, the fonts' parser), loaded with the first PDF, not
 * with the server (issue 48): every PDF the server draws starts here.
 *
 * The two packages come in by import(), and only once they are in the text writer, whose
 * fonts module names fontkit in a plain import. In the server's bundle (scripts/build-server.mjs)
 * that import is a require() of fontkit's ES module, and Node refuses to require() an ES module
 * that an import() is still loading (ERR_REQUIRE_ESM_RACE_CONDITION): pdfkit's import() loads
 * fontkit, and so may Next's chunks at the same moment. The bundle keeps a module's failed start
 * for good, so a PDF drawn first by the queue's worker had failed every invoice mail until the
 * process restarted. An import() of a module already loading waits for it instead.
 */
export async function pdfTools() {
  const [{ default: PDFDocument }] = await Promise.all([import("pdfkit"), import("fontkit")]);
  const { textWriter } = await import("./text");
  return { PDFDocument, textWriter };
}
