/*
 * An outside server's answer read into memory, at most so many bytes of it; the rest is never
 * downloaded. What a bot check or a search engine answers is small: an answer larger than it
 * should be (by mistake, or meaning harm) is cut short, not held and parsed whole on the thread
 * that answers requests (issue 60; an ATS's boards have their own reader, imports/ats/).
 */

/** At most `maxBytes` of the body, and whether that was all of it. */
async function readAnswer(response: Response, maxBytes: number) {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let whole = true;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    const room = maxBytes - total;
    if (read.value.byteLength > room) {
      chunks.push(read.value.subarray(0, room));
      whole = false;
      // Cancelling the stream ends the download.
      await reader!.cancel();
      break;
    }
    chunks.push(read.value);
    total += read.value.byteLength;
  }
  return { text: Buffer.concat(chunks).toString("utf8"), whole };
}

/** The answer's text, at most `maxBytes` of it (what an error message quotes). */
export async function answerText(response: Response, maxBytes: number): Promise<string> {
  return (await readAnswer(response, maxBytes)).text;
}

/** The answer as JSON; throws when it is not JSON, or larger than `maxBytes`. */
export async function answerJson(response: Response, maxBytes: number): Promise<unknown> {
  const { text, whole } = await readAnswer(response, maxBytes);
  if (!whole) throw new Error(`The answer is larger than ${maxBytes} bytes`);
  return JSON.parse(text) as unknown;
}
