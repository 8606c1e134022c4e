import { parentPort, workerData } from "node:worker_threads";
import { renderMarkdown } from "@/lib/markdown";
import { lowerWorkerPriority } from "@/lib/server/worker-thread";

/*
 * The entry of the Markdown worker thread, bundled into one ES module (../worker-bundle.ts):
 * renders the employer's Markdown it was started with, behind the server's own thread on a busy
 * machine, and posts the HTML. A failure (Markdown nested past the stack) ends the thread with
 * its error, which description-html.ts refuses the description for.
 */

lowerWorkerPriority();
parentPort!.postMessage(await renderMarkdown((workerData as { markdown: string }).markdown));
