/** The moderator the browser tests' server trusts (ADMIN_EMAILS in playwright.config.ts). */
export const E2E_MODERATOR = { email: "moderator@creatorjobs.example", name: "E2E Moderator" };
