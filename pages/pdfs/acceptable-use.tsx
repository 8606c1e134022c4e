import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";

export default function AcceptableUsePage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Acceptable Use Policy"
      description="What you may and may not do on the board, for candidates and employers alike."
      path={routes.legal.acceptableUse}
    />
  );
}
