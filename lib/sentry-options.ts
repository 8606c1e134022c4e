/** Spec §7 and §9: error reporting samples half of all traces and records replays. */
export const SENTRY_TRACES_SAMPLE_RATE = 0.5;
export const SENTRY_REPLAYS_SESSION_SAMPLE_RATE = 0.1;
export const SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE = 1.0;
export const SENTRY_TUNNEL_ROUTE = "/monitoring";
