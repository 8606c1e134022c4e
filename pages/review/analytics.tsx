import { AnalyticsDashboard } from "@/features/analytics/components/analytics-dashboard";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/analytics: what the board learns from itself (issue 65): visitors, sources, pages,
 * searches, the funnel from a live listing to a hire, and alerts over time, for a range of days.
 * The roles that reach "insights" only, as the API says; anyone else is told so.
 */
export default function ReviewAnalyticsPage() {
  return (
    <ModeratorScreen
      title="Analytics"
      lead="Visitors and where they came from, what they searched for, and how listings turn into applications and hires."
      back={{ href: routes.review, label: "Moderation" }}
      area="insights"
      holds="The board's analytics"
    >
      {() => <AnalyticsDashboard />}
    </ModeratorScreen>
  );
}
