import type { GetServerSideProps } from "next";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { ContentPage } from "@/features/content/components/content-page";
import { PublicLayout } from "@/components/layout/public-layout";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form-controls";
import { pageQuery } from "@/lib/page-params";
import { routes } from "@/lib/routes";
import { readUnsubscribeLink } from "@/features/alerts/server/unsubscribe";
import { getDatabase } from "@/lib/server/db";

/*
 * Where an alert's Unsubscribe link leads: it asks before it changes anything (a link scanner or
 * a preview that follows the link must not unsubscribe anyone), and its button posts a plain
 * form to POST /api/alerts/unsubscribe, which sends the browser back here with done=1. It works
 * without signing in and without JavaScript. A link that is not ours, has expired, or is for a
 * deleted account gets a page that says so, and nothing changes.
 */

type UnsubscribePageProps =
  /** `email` masked: "a…@example.com". */
  | { state: "confirm"; token: string; email: string | null }
  /** `justNow`: this visit turned them off, rather than finding them off. */
  | { state: "off"; justNow: boolean }
  | { state: "missing" | "invalid" | "expired" | "deleted" };

type Refusal = Extract<
  UnsubscribePageProps["state"],
  "missing" | "invalid" | "expired" | "deleted"
>;

/** Statuses for refused links: 400 for a broken one, 410 expired, 404 no such account. */
const STATUS: Record<Refusal, number> = { missing: 400, invalid: 400, expired: 410, deleted: 404 };

export const getServerSideProps: GetServerSideProps<UnsubscribePageProps> = async ({
  query,
  res,
}) => {
  // Personal: never kept by the page cache or a CDN, nor by the browser.
  res.setHeader("Cache-Control", "private, no-store");
  const { token, done } = pageQuery("/unsubscribe", query);
  if (typeof token !== "string" || token === "" || token.length > 200) {
    res.statusCode = STATUS.missing;
    return { props: { state: "missing" } };
  }
  const link = await readUnsubscribeLink(await getDatabase(), token, new Date());
  if (link.state !== "valid") {
    res.statusCode = STATUS[link.state];
    return { props: { state: link.state } };
  }
  if (link.alertsOff) return { props: { state: "off", justNow: done === "1" } };
  // Masked here, not in the component: the props travel in the page as JSON too.
  return { props: { state: "confirm", token, email: link.email && maskEmail(link.email) } };
};

/** "a…@example.com": enough for a person to know which of their addresses it is. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email;
  return `${email[0]}…${email.slice(at)}`;
}

const linkClass = "font-semibold text-violet-700 hover:text-violet-600";

type Next = { href: string; label: string };
const toPreferences: Next = { href: routes.preferences, label: "Go to your preferences" };

const REFUSED: Record<Refusal, { title: string; text: string; next: Next }> = {
  missing: {
    title: "This unsubscribe link is incomplete",
    text: "The address has no token: it may have been cut short when it was copied. Open the link from the alert again.",
    next: toPreferences,
  },
  invalid: {
    title: "This unsubscribe link does not work",
    text: "It may have been cut short or changed when it was copied. Open the link from the alert again, or sign in and turn alerts off in your preferences.",
    next: toPreferences,
  },
  expired: {
    title: "This unsubscribe link has expired",
    text: "Links in job alerts work for 60 days. The newest alert has a link that works, or sign in and turn alerts off in your preferences.",
    next: toPreferences,
  },
  deleted: {
    title: "This account no longer exists",
    text: "The account this alert was sent to has been deleted, and it gets no more alerts.",
    next: { href: routes.home, label: "Browse jobs" },
  },
};

function Screen({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <PublicLayout theme="light">
      <ContentPage title={title} description={lead}>
        <div className="max-w-2xl">{children}</div>
      </ContentPage>
    </PublicLayout>
  );
}

export default function UnsubscribePage(props: UnsubscribePageProps) {
  if (props.state === "confirm") {
    const who = props.email ?? "this account";
    return (
      <Screen
        title="Stop job alerts?"
        lead={`Stop job alerts for ${who}? You will get no more emails of new jobs that match your preferences or your saved searches.`}
      >
        <div className="flex flex-wrap items-center gap-4">
          {/* A plain form: it works without JavaScript, and the API sends the browser back. */}
          <form
            method="post"
            action={`/api/alerts/unsubscribe?token=${encodeURIComponent(props.token)}`}
          >
            <button type="submit" className={primaryButtonClass}>
              Stop job alerts
            </button>
          </form>
          <Link href={routes.preferences} className={secondaryButtonClass}>
            Change what alerts send instead
          </Link>
        </div>
      </Screen>
    );
  }

  if (props.state === "off") {
    return (
      <Screen
        title={props.justNow ? "You will get no more job alerts" : "Job alerts are off"}
        lead="We will not email you new jobs. Everything else on your account stays as it was."
      >
        <p className="text-gray-700">
          Changed your mind? Choose daily or weekly alerts in{" "}
          <Link href={routes.preferences} className={linkClass}>
            your preferences
          </Link>
          .
        </p>
      </Screen>
    );
  }

  const refused = REFUSED[props.state];
  return (
    <Screen title={refused.title} lead="Nothing has changed.">
      <p className="text-gray-700">{refused.text}</p>
      <p className="mt-6">
        <Link href={refused.next.href} className={linkClass}>
          {refused.next.label} <span aria-hidden="true">&rarr;</span>
        </Link>
      </p>
    </Screen>
  );
}
