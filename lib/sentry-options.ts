/** Spec §7 and §9: error reporting samples half of all traces and records replays. */
export const SENTRY_TRACES_SAMPLE_RATE = 0.5;
export const SENTRY_REPLAYS_SESSION_SAMPLE_RATE = 0.1;
export const SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE = 1.0;
export const SENTRY_TUNNEL_ROUTE = "/monitoring";

/**
 * Whether errors are reported to Sentry here: on the server when SENTRY_DSN (or the public DSN)
 * is set, in the browser when the build was given NEXT_PUBLIC_SENTRY_DSN. Without one the SDK is
 * never loaded: it and its OpenTelemetry instrumentation held some 20 MB in every server process
 * (issue 48).
 */
export const sentryConfigured = (): boolean =>
  typeof window === "undefined"
    ? Boolean(process.env.SENTRY_DSN || process.env.NEXT_PUBLIC_SENTRY_DSN)
    : Boolean(process.env.NEXT_PUBLIC_SENTRY_DSN);
