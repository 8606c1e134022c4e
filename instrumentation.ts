import type { Instrumentation } from "next";
import { sentryConfigured } from "@/lib/sentry-options";

// Sentry on the server only where a DSN is configured: without one, neither the SDK nor its
// OpenTelemetry instrumentation is loaded (issue 48).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && sentryConfigured()) {
    await import("./sentry.server.config");
  }
}

export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (!sentryConfigured()) return;
  (await import("@sentry/nextjs")).captureRequestError(...args);
};
