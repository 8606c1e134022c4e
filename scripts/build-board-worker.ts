// Bundles the ATS board reader's worker thread (lib/server/imports/board-worker.ts) into
// dist/board-worker.mjs, beside the server it is started by. Run by `npm run build:server`.
import { BOARD_WORKER_FILE } from "@/lib/server/imports/board-reader";
import { writeBoardWorker } from "@/lib/server/imports/board-worker-bundle";

writeBoardWorker(BOARD_WORKER_FILE).then(
  () => console.log(`built ${BOARD_WORKER_FILE}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
