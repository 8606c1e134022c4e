import { registerHooks } from "node:module";
import { parentPort } from "node:worker_threads";
import { lowerWorkerPriority } from "@/lib/server/worker-thread";
import { drawCardPng, type CardBoard } from "./card-image";
import type { CardRequest, CardAnswer } from "./card-drawer";
import { logoPngDataUrl } from "./logo-png";

/*
 * The entry of the card drawer's worker thread, bundled into one ES module
 * (lib/server/worker-bundle.ts): draws each card it is sent, one at a time, behind the server's
 * own thread on a busy machine, and posts the PNG (its bytes moved, not copied) or why it failed.
 * Satori, Resvg's WebAssembly, the fonts and the logo's WebP decoder live only here, and go when
 * card-drawer.ts ends the thread after a quiet spell.
 */

/** The card, with the logo turned into a PNG; a logo that cannot be leaves the initial. */
async function draw(
  facts: CardRequest["facts"],
  logo: Uint8Array | null,
  board: CardBoard,
): Promise<CardAnswer & { png: Uint8Array }> {
  let logoUrl: string | null = null;
  let logoProblem: string | undefined;
  if (logo) {
    try {
      logoUrl = await logoPngDataUrl(logo);
    } catch (error) {
      logoProblem = (error as Error).message ?? String(error);
    }
  }
  const png = await drawCardPng(facts, logoUrl, board);
  return logoProblem ? { png, logoProblem } : { png };
}

/*
 * next/og rasterises a card's SVG with sharp whenever it can import it, and with Resvg's
 * WebAssembly (which it loads anyway) otherwise. In this thread sharp would load libvips into the
 * whole process, where its 9–10 MB of native code stay mapped after the thread ends (issue 67):
 * here, the import of sharp fails, and Resvg draws.
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "sharp") {
      throw Object.assign(new Error("sharp is not loaded in the card drawer's thread"), {
        code: "ERR_MODULE_NOT_FOUND",
      });
    }
    return nextResolve(specifier, context);
  },
});
lowerWorkerPriority();
const port = parentPort!;
port.on("message", ({ facts, logo, board }: CardRequest) => {
  draw(facts, logo, board).then(
    (answer) => port.postMessage(answer, [answer.png.buffer as ArrayBuffer]),
    (error: unknown) =>
      port.postMessage({ error: (error as Error).message ?? String(error) } satisfies CardAnswer),
  );
});
