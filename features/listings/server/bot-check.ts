import { readServerEnv, type ServerEnv } from "@/lib/server/env";
import { forbidden, unavailable } from "@/lib/server/errors";
import { answerJson } from "@/lib/server/http/outside-answer";

/** reCAPTCHA's verdict is a few hundred bytes; a larger answer is not read, and fails closed. */
const ANSWER_MAX_BYTES = 64 * 1024;

type Verdict = {
  success?: boolean;
  score?: number;
  action?: string;
  "error-codes"?: string[];
};

export const BOT_CHECK_FAILED =
  "We could not confirm that a person sent this. Reload the page and try again; if it keeps happening, write to us.";
export const BOT_CHECK_UNAVAILABLE =
  "The bot check is not answering just now, so nothing was sent. Try again in a minute.";

/**
 * Checks the invisible reCAPTCHA v3 token with Google when a secret is configured: the token
 * must be valid, for `action`, and score at least RECAPTCHA_MIN_SCORE; otherwise 403. Without
 * a secret nothing is checked, and the server log says so.
 */
export async function checkHuman(
  token: string | undefined,
  action: string,
  remoteIp: string,
  env: ServerEnv = readServerEnv(),
): Promise<void> {
  const secret = env.RECAPTCHA_SECRET_KEY;
  if (!secret) {
    console.warn(`RECAPTCHA_SECRET_KEY is not set: the "${action}" bot check was skipped.`);
    return;
  }
  if (!token) throw forbidden(BOT_CHECK_FAILED);

  let verdict: Verdict;
  try {
    const response = await fetch(env.RECAPTCHA_VERIFY_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`reCAPTCHA answered ${response.status}`);
    verdict = (await answerJson(response, ANSWER_MAX_BYTES)) as Verdict;
  } catch (error) {
    // Fail closed: with the check configured, an unchecked submission does not get through.
    console.error("reCAPTCHA verification failed", error);
    throw unavailable(BOT_CHECK_UNAVAILABLE);
  }

  const passed =
    verdict.success === true &&
    verdict.action === action &&
    typeof verdict.score === "number" &&
    verdict.score >= env.RECAPTCHA_MIN_SCORE;
  if (!passed) {
    console.warn(
      `reCAPTCHA refused a "${action}": success ${verdict.success}, action ${verdict.action}, score ${verdict.score}, errors ${verdict["error-codes"]?.join(" ") ?? "none"}`,
    );
    throw forbidden(BOT_CHECK_FAILED);
  }
}
