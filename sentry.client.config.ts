import * as Sentry from "@sentry/nextjs";
import { publicEnv } from "@/lib/public-env";
import {
  SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
  SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
  SENTRY_TRACES_SAMPLE_RATE,
} from "@/lib/sentry-options";

const dsn = publicEnv.sentryDsn;

// Without a DSN there is nowhere to report to, so the SDK is not started at all.
if (dsn) {
  Sentry.init({
    dsn,
    tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
    replaysSessionSampleRate: SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
    integrations: [Sentry.replayIntegration()],
  });
}

export { Sentry };
