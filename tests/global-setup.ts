import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

export const AUTH_EMULATOR_HOST = "127.0.0.1:9199";

const reachable = () =>
  fetch(`http://${AUTH_EMULATOR_HOST}/`).then(
    () => true,
    () => false,
  );

/** Starts the Firebase Auth emulator for the run, unless one is already listening. */
export default async function setup() {
  if (await reachable()) return undefined;
  const emulator = spawn(
    "npx",
    ["firebase", "emulators:start", "--only", "auth", "--project", "demo-creator-jobs"],
    { detached: true, stdio: "ignore" },
  );
  for (let waited = 0; !(await reachable()); waited += 250) {
    if (waited > 90_000) throw new Error("The Firebase Auth emulator did not start in 90 s");
    await sleep(250);
  }
  return () => {
    try {
      if (emulator.pid) process.kill(-emulator.pid, "SIGTERM");
    } catch (error) {
      // Already gone (stopped from outside the run): nothing left to stop.
      if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    }
  };
}
