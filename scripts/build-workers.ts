// Bundles the worker threads that read outside input (lib/server/worker-bundle.ts) into
// dist/<name>-worker.mjs, beside the server that starts them. Run by `npm run build:server`.
import { writeWorkers } from "@/lib/server/worker-bundle";

writeWorkers().then(
  (files) => console.log(`built ${files.join(", ")}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
