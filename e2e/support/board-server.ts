import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { AUTH_EMULATOR_HOST } from "@/tests/global-setup";

/*
 * A board of its own for one browser test: rows the test wrote into a fresh PGlite folder
 * (a listing that ended, one that takes applications on the board...), served by the production
 * build on a port of its own, with no sample data and no worker.
 */

/** The folders a board's server writes beside its data: logos and CVs. */
export const boardFolders = (dataDir: string) => [dataDir, `${dataDir}-logos`, `${dataDir}-cvs`];

/** Removes a board's folders, before a test writes it afresh or once its server is gone. */
export const removeBoardFolders = (dataDir: string) => {
  for (const dir of boardFolders(dataDir)) rmSync(dir, { recursive: true, force: true });
};

/**
 * Serves `dataDir` on E2E_PORT + `portOffset` (with `env` added) and waits for it to answer.
 * `stop` ends the server and, once it has exited (until then it may still be writing there),
 * removes its folders.
 */
export async function serveBoard(
  dataDir: string,
  portOffset: number,
  env: Record<string, string> = {},
) {
  const port = Number(process.env.E2E_PORT ?? 3100) + portOffset;
  const server = spawn("node", ["dist/server.js"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_SAMPLE_DATA: "false",
      WORKER: "false",
      FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
      ...env,
    },
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    const up = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (waited > 60_000) throw new Error(`The board serving ${dataDir} did not start`);
    await sleep(250);
  }
  return {
    origin,
    stop: async () => {
      const exited =
        server.exitCode !== null || server.signalCode !== null
          ? Promise.resolve()
          : new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      removeBoardFolders(dataDir);
    },
  };
}

/** The emulator's account id for an email (the admin lookup the emulator allows). */
export async function emulatorUid(email: string): Promise<string> {
  const response = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-creator-jobs/accounts:lookup`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify({ email: [email] }),
    },
  );
  const body = (await response.json()) as { users?: { localId: string }[] };
  return body.users![0]!.localId;
}
