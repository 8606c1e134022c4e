import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "./links";
import { REPLY_MARKER } from "./reply-marker";

/*
 * The frame every message shares: the brand at the top, the message, and a footer that says why
 * the reader gets it. Styles are inline, as mail clients drop <style> and class names; the
 * palette is the site's (Tailwind's violet-700 for the brand, gray for text).
 */

export const BRAND_COLOUR = "#6d28d9";

const text: CSSProperties = { color: "#374151", fontSize: "15px", lineHeight: "24px" };

const styles = {
  body: {
    backgroundColor: "#f4f4f5",
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    margin: 0,
    padding: "24px 0",
  },
  container: {
    backgroundColor: "#ffffff",
    borderRadius: "12px",
    maxWidth: "560px",
    padding: "32px",
  },
  brand: { color: BRAND_COLOUR, fontSize: "20px", fontWeight: 700, textDecoration: "none" },
  heading: { color: "#111827", fontSize: "22px", lineHeight: "30px", margin: "24px 0 8px" },
  text,
  link: { color: BRAND_COLOUR, textDecoration: "underline" },
  button: {
    backgroundColor: BRAND_COLOUR,
    borderRadius: "8px",
    color: "#ffffff",
    fontSize: "15px",
    fontWeight: 600,
    padding: "12px 20px",
    textDecoration: "none",
  },
  quote: {
    ...text,
    borderLeft: `3px solid ${BRAND_COLOUR}`,
    margin: "16px 0",
    paddingLeft: "12px",
  },
  hr: { borderColor: "#e5e7eb", margin: "32px 0 16px" },
  footer: { color: "#6b7280", fontSize: "13px", lineHeight: "20px", margin: "4px 0" },
  marker: { color: "#9ca3af", fontSize: "12px", lineHeight: "16px", margin: "0 0 16px" },
} satisfies Record<string, CSSProperties>;

type LayoutProps = {
  /** The line inboxes show after the subject. */
  preview: string;
  heading: string;
  /** Why the reader gets this message, in the footer. */
  reason: ReactNode;
  /** Alerts only: where to change or stop them. */
  manage?: { preferencesUrl: string; unsubscribeUrl: string };
  /**
   * A message that can be answered by mail: a line at the very top, which the answer is written
   * above, so the reply inbox keeps only the answer, not the quoted message (issue 42).
   */
  answerable?: boolean;
  children: ReactNode;
};

export function Layout({ preview, heading, reason, manage, answerable, children }: LayoutProps) {
  // The board's name as its owner set it: the mail job reads the settings before rendering.
  const { name } = boardSettings();
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {answerable && <Text style={styles.marker}>{REPLY_MARKER}</Text>}
          <Link href={absoluteUrl(routes.home)} style={styles.brand}>
            {name}
          </Link>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          <Hr style={styles.hr} />
          <Text style={styles.footer}>{reason}</Text>
          {manage && (
            <Text style={styles.footer}>
              <Link href={manage.preferencesUrl} style={styles.link}>
                Change your alerts
              </Link>{" "}
              ·{" "}
              <Link href={manage.unsubscribeUrl} style={styles.link}>
                Unsubscribe
              </Link>
            </Text>
          )}
          <Text style={styles.footer}>
            {`${name} · `}
            <TextLink href={absoluteUrl(routes.home)}>{absoluteUrl(routes.home)}</TextLink>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** The message's one main action. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "24px 0" }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/**
 * Words someone else wrote (a moderator's reason, an enquiry), set apart, line breaks kept: as
 * <br> rather than white-space, so that the text part keeps them too.
 */
export function Quote({ text }: { text: string }) {
  return (
    <Text style={styles.quote}>
      {text.split(/\r\n|\r|\n/).map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** "Hi Sam," or "Hi," when we have no name. */
export const greeting = (name: string | null | undefined) =>
  name?.trim() ? `Hi ${name.trim()},` : "Hi,";
