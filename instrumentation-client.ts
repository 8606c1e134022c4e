import { publicEnv } from "@/lib/public-env";

type SentrySdk = typeof import("@sentry/nextjs");

let sentry: SentrySdk | undefined;

// The SDK with session replay is the largest script the site could ship (about 150 kB
// compressed), so browsers download it only when a DSN is configured, alongside hydration.
if (publicEnv.sentryDsn) {
  void import("./sentry.client.config").then((config) => {
    sentry = config.Sentry;
  });
}

export function onRouterTransitionStart(
  ...args: Parameters<SentrySdk["captureRouterTransitionStart"]>
): void {
  sentry?.captureRouterTransitionStart(...args);
}
