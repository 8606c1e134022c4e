import { ErrorScreen } from "@/components/layout/error-screen";

export default function NotFoundPage() {
  return (
    <ErrorScreen
      code="404"
      title="Page not found"
      message="This page does not exist, or it has moved. The job you were looking for may have closed."
    />
  );
}
