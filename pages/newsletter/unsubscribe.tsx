import type { GetServerSideProps } from "next";
import { LinkPage } from "@/features/newsletter/components/newsletter-pages";
import { readUnsubscribeLink } from "@/features/newsletter/server/subscribers";
import { routePath } from "@/lib/api/paths";
import { unsubscribeFromNewsletter } from "@/lib/api/public-routes.generated";
import { pageQuery } from "@/lib/page-params";
import { getDatabase } from "@/lib/server/db";

/*
 * Where an issue's Unsubscribe link leads (issue 66): it asks first (never unsubscribe on GET:
 * link scanners), with a plain form to POST /api/newsletter/unsubscribe, which sends the browser
 * back here with done=1. Mail clients' one-click unsubscribe posts to the API with no page.
 */

type Props =
  | { state: "confirm"; token: string; email: string }
  | { state: "off"; justNow: boolean }
  | { state: "invalid" | "expired" | "deleted" };

/** "a…@example.com": enough for a person to know which of their addresses it is. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 1 ? email : `${email[0]}…${email.slice(at)}`;
}

export const getServerSideProps: GetServerSideProps<Props> = async ({ query, res }) => {
  res.setHeader("Cache-Control", "private, no-store");
  const { token, done } = pageQuery("/newsletter/unsubscribe", query);
  if (typeof token !== "string" || token === "" || token.length > 200) {
    res.statusCode = 400;
    return { props: { state: "invalid" } };
  }
  const link = await readUnsubscribeLink(await getDatabase(), token, new Date());
  if (link.state !== "valid") {
    res.statusCode = { invalid: 400, expired: 410, deleted: 404 }[link.state];
    return { props: { state: link.state } };
  }
  if (!link.subscribed) return { props: { state: "off", justNow: done === "1" } };
  return { props: { state: "confirm", token, email: maskEmail(link.email) } };
};

export default function NewsletterUnsubscribePage(props: Props) {
  if (props.state === "confirm") {
    return (
      <LinkPage
        title="Stop the newsletter?"
        lead={`Stop the weekly newsletter for ${props.email}? You will get no more issues.`}
        action={routePath(unsubscribeFromNewsletter, undefined, { token: props.token })}
        button="Unsubscribe"
      />
    );
  }
  if (props.state === "off") {
    return (
      <LinkPage
        title={props.justNow ? "You are unsubscribed" : "You get no newsletter"}
        lead="We will send you no more issues. You can subscribe again whenever you like."
      />
    );
  }
  const TEXT = {
    invalid: ["This unsubscribe link does not work", "It may have been cut short or changed."],
    expired: [
      "This unsubscribe link has expired",
      "Links work for a year: use the newest issue's.",
    ],
    deleted: ["This subscription is gone", "It gets no more mail."],
  } as const;
  const [title, lead] = TEXT[props.state];
  return <LinkPage title={title} lead={`${lead} Nothing has changed.`} />;
}
