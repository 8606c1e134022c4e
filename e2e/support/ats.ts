import { E2E_SMTP_PORT } from "./mail";

/**
 * Where the browser tests' stand-in for the ATSs' APIs listens (ATS_API_URL in
 * playwright.config.ts): e2e/imports.spec.ts starts it (tests/support/ats-server.ts) and sets
 * what each board answers.
 */
export const E2E_ATS_PORT = Number(process.env.E2E_ATS_PORT ?? E2E_SMTP_PORT + 2);
