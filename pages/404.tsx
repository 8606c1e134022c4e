import { ErrorScreen } from "@/components/layout/error-screen";
import type { AppPage } from "@/pages/_app";

const NotFoundPage: AppPage = () => {
  return (
    <ErrorScreen
      code="404"
      title="Page not found"
      message="This page does not exist, or it has moved. The job you were looking for may have closed."
    />
  );
};

// Its own whole screen, whatever address it answers for (pages/_app.tsx).
NotFoundPage.standalone = true;

export default NotFoundPage;
