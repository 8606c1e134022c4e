import { parentPort, workerData } from "node:worker_threads";
import { lowerWorkerPriority } from "@/lib/server/worker-thread";
import { runBoardTask, type BoardTask } from "./board-task";

/*
 * The entry of the board's worker thread, bundled into one ES module (../worker-bundle.ts):
 * runs the task it was started with, behind the server's own thread on a busy machine. A failure
 * that is not the ATS's ends the thread with its error, which board-reader.ts throws on.
 */

lowerWorkerPriority();
await runBoardTask(workerData as BoardTask, parentPort!);
