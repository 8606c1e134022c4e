import type { NextPageContext } from "next";
import { ErrorScreen } from "@/components/layout/error-screen";
import { sentryConfigured } from "@/lib/sentry-options";
import {
  isServiceUnavailable,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER,
} from "@/lib/unavailable";

type ErrorPageProps = { statusCode: number };

function ErrorPage({ statusCode }: ErrorPageProps) {
  if (statusCode === 503) {
    return <ErrorScreen code="503" title="Back in a moment" message={UNAVAILABLE_MESSAGE} retry />;
  }
  return (
    <ErrorScreen
      code={String(statusCode)}
      title="Something went wrong"
      message="We hit a problem showing this page and have been told about it. Please try again in a moment."
    />
  );
}

// Its own whole screen, whatever address it answers for (pages/_app.tsx).
ErrorPage.standalone = true;

ErrorPage.getInitialProps = async (context: NextPageContext): Promise<ErrorPageProps> => {
  const { res, err } = context;
  // The database away for a moment is an outage to wait out, not a fault to report.
  if (isServiceUnavailable(err)) {
    if (res) {
      res.statusCode = 503;
      res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER));
    }
    return { statusCode: 503 };
  }
  if (sentryConfigured()) {
    await (await import("@sentry/nextjs")).captureUnderscoreErrorException(context);
  }
  return { statusCode: res?.statusCode ?? err?.statusCode ?? 500 };
};

export default ErrorPage;
