/*
 * A one-page PDF that tries to run JavaScript as a viewer opens it, and when its link is
 * pressed: what a hostile CV would do. Written byte by byte (no PDF library writes such actions),
 * with the cross-reference table a reader needs.
 */

/** A PDF literal string: backslashes and parentheses escaped. */
const literal = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * The PDF's OpenAction runs `script` (then a Launch action), and its one link, over the
 * words "Open my portfolio", runs `script` too.
 */
export function scriptedPdf(script: string): Buffer {
  const text = "BT /F1 24 Tf 72 700 Td (A CV with a script) Tj 0 -60 Td (Open my portfolio) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R " +
      "/Resources << /Font << /F1 6 0 R >> >> /Annots [7 0 R] /AA << /O 4 0 R >> >>",
    `<< /Type /Action /S /JavaScript /JS ${literal(script)} ` +
      "/Next << /Type /Action /S /Launch /F (calc.exe) >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Annot /Subtype /Link /Rect [72 630 300 665] /Border [0 0 0] /A 4 0 R >>",
  ];
  let body = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
