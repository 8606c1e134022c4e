import * as Sentry from "@sentry/nextjs";
import type { NextPageContext } from "next";
import { ErrorScreen } from "@/components/layout/error-screen";

type ErrorPageProps = { statusCode: number };

function ErrorPage({ statusCode }: ErrorPageProps) {
  return (
    <ErrorScreen
      code={String(statusCode)}
      title="Something went wrong"
      message="We hit a problem showing this page and have been told about it. Please try again in a moment."
    />
  );
}

ErrorPage.getInitialProps = async (context: NextPageContext): Promise<ErrorPageProps> => {
  await Sentry.captureUnderscoreErrorException(context);
  return { statusCode: context.res?.statusCode ?? context.err?.statusCode ?? 500 };
};

export default ErrorPage;
