/** Where the browser tests' server sends mail (SMTP_URL in playwright.config.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3126);
