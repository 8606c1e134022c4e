import type { GetServerSideProps } from "next";
import { LinkPage } from "@/features/newsletter/components/newsletter-pages";
import { readConfirmLink } from "@/features/newsletter/server/subscribers";
import { routePath } from "@/lib/api/paths";
import { confirmNewsletterSubscription } from "@/lib/api/public-routes.generated";
import { pageQuery } from "@/lib/page-params";
import { getDatabase } from "@/lib/server/db";

/*
 * Where a confirmation mail's link leads (issue 66): it asks before it confirms (a link scanner
 * that follows links must not subscribe anyone), with a plain form the API answers by sending
 * the browser back here with done=1.
 */

type Props =
  | { state: "confirm"; token: string }
  | { state: "confirmed"; justNow: boolean }
  | { state: "invalid" | "expired" };

export const getServerSideProps: GetServerSideProps<Props> = async ({ query, res }) => {
  res.setHeader("Cache-Control", "private, no-store");
  const { token, done } = pageQuery("/newsletter/confirm", query);
  if (typeof token !== "string" || token === "" || token.length > 200) {
    res.statusCode = 400;
    return { props: { state: "invalid" } };
  }
  const link = await readConfirmLink(await getDatabase(), token, new Date());
  if (link.state === "confirmed") return { props: { state: "confirmed", justNow: done === "1" } };
  if (link.state === "valid") return { props: { state: "confirm", token } };
  res.statusCode = link.state === "expired" ? 410 : 400;
  return { props: { state: link.state } };
};

export default function ConfirmPage(props: Props) {
  if (props.state === "confirm") {
    return (
      <LinkPage
        title="Confirm your subscription"
        lead="One click, and the week's new jobs come to you every Monday."
        action={routePath(confirmNewsletterSubscription, undefined, { token: props.token })}
        button="Confirm my subscription"
      />
    );
  }
  if (props.state === "confirmed") {
    return (
      <LinkPage
        title={props.justNow ? "You are subscribed" : "You are subscribed already"}
        lead="The next issue comes on Monday. Every issue has a link to unsubscribe in one click."
      />
    );
  }
  return (
    <LinkPage
      title={
        props.state === "expired"
          ? "This confirmation link has expired"
          : "This confirmation link does not work"
      }
      lead={
        props.state === "expired"
          ? "Links work for 7 days. Subscribe again and we will send a new one."
          : "It may have been cut short, changed or used already. Subscribe again and we will send a new one."
      }
    />
  );
}
