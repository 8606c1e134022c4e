import { parentPort } from "node:worker_threads";
import { lowerWorkerPriority } from "@/lib/server/worker-thread";
import { drawCardPng } from "./card-image";
import type { CardRequest, CardAnswer } from "./card-drawer";

/*
 * The entry of the card drawer's worker thread, bundled into one ES module
 * (lib/server/worker-bundle.ts): draws each card it is sent, one at a time, behind the server's
 * own thread on a busy machine, and posts the PNG (its bytes moved, not copied) or why it failed.
 * Satori, Resvg's WebAssembly and the fonts live only here, and go when card-drawer.ts ends the
 * thread after a quiet spell.
 */

lowerWorkerPriority();
const port = parentPort!;
port.on("message", ({ facts, logo, board }: CardRequest) => {
  drawCardPng(facts, logo, board).then(
    (png) => port.postMessage({ png } satisfies CardAnswer, [png.buffer as ArrayBuffer]),
    (error: unknown) =>
      port.postMessage({ error: (error as Error).message ?? String(error) } satisfies CardAnswer),
  );
});
