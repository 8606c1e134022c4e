import startEmulator from "@/tests/global-setup";
import { startE2eMailbox } from "./support/mail";

/**
 * Once for the whole browser run, whatever the number of workers: the Firebase Auth emulator
 * (unless one is listening) and the SMTP server the app sends mail to.
 */
export default async function setup() {
  const stopEmulator = await startEmulator();
  const stopMailbox = await startE2eMailbox();
  return async () => {
    await stopMailbox();
    stopEmulator?.();
  };
}
