import type { ReactNode } from "react";
import { PublicLayout } from "@/components/layout/public-layout";
import { primaryButtonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { ContentPage } from "@/features/content/components/content-page";
import { jobPath } from "@/features/jobs/path";
import { routePath } from "@/lib/api/paths";
import { subscribeToNewsletter } from "@/lib/api/public-routes.generated";
import { routes } from "@/lib/routes";
import { DEPARTMENTS, REGIONS } from "@/lib/taxonomy";

/*
 * The newsletter's public pages (issue 66): the subscribe form and the archive, an issue of the
 * archive, and the pages its mail's links lead to. Server-rendered; every form is a plain HTML
 * form the API answers with a redirect back (303), so they work before and without scripts.
 */

export const NEWSLETTER_PATH = routes.newsletter;
export const issuePath = routes.newsletterIssue;

const linkClass = "font-semibold text-violet-700 hover:text-violet-600";
const controlClass =
  "mt-2 block w-full rounded-lg bg-white px-3 py-2 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600 sm:text-sm";

export function NewsletterScreen({
  title,
  lead,
  path,
  children,
}: {
  title: string;
  lead: string;
  path?: string;
  children: ReactNode;
}) {
  // The subscribe page and the archive are public routes (lib/routes.ts PUBLIC_ROUTES): the app's
  // layout draws the header and footer around them, and their scripts start on intent.
  return (
    <ContentPage title={title} description={lead} path={path}>
      <div className="max-w-3xl">{children}</div>
    </ContentPage>
  );
}

const ERRORS = {
  email: "Enter an email address like name@example.com",
  departments: "Choose departments from the list",
  regions: "Choose regions from the list",
} as const;
export type SubscribeError = keyof typeof ERRORS;

function Choices({
  legend,
  name,
  entries,
}: {
  legend: string;
  name: string;
  entries: readonly { slug: string; label: string }[];
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      <p className="mt-1 text-sm text-gray-500">Choose none to get them all.</p>
      <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {entries.map((entry) => (
          <label key={entry.slug} className="flex items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              name={name}
              value={entry.slug}
              className="size-4 rounded border-gray-300 text-violet-600 focus:ring-violet-600"
            />
            {entry.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The subscribe form: an address, and the departments and regions wanted. */
export function SubscribeForm({
  subscribed,
  error,
}: {
  subscribed: boolean;
  error: SubscribeError | null;
}) {
  return (
    <section id="subscribe" aria-labelledby="subscribe-heading" className="scroll-mt-24">
      <h2 id="subscribe-heading" className="text-2xl font-semibold tracking-tight text-gray-900">
        Subscribe
      </h2>
      {subscribed && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-sm text-green-800">
          Check your inbox: we sent a link to confirm your subscription. Nothing is sent until you
          open it.
        </p>
      )}
      <form method="post" action={routePath(subscribeToNewsletter)} className="mt-6 space-y-8">
        <div>
          <label htmlFor="newsletter-email" className="block text-sm font-medium text-gray-900">
            Email address
          </label>
          <input
            id="newsletter-email"
            type="email"
            name="email"
            required
            autoComplete="email"
            maxLength={254}
            aria-invalid={error === "email" || undefined}
            aria-describedby={error ? "newsletter-error" : undefined}
            className={controlClass}
          />
          {error && (
            <p id="newsletter-error" className="mt-1.5 text-sm font-medium text-red-700">
              {ERRORS[error]}
            </p>
          )}
        </div>
        <Choices legend="Departments" name="departments" entries={DEPARTMENTS} />
        <Choices legend="Regions" name="regions" entries={REGIONS} />
        <button type="submit" className={primaryButtonClass}>
          Subscribe
        </button>
      </form>
    </section>
  );
}

export type ArchiveEntry = { id: number; subject: string; sentAt: string };

const dateLabel = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** Past issues, newest first. */
export function Archive({ issues }: { issues: ArchiveEntry[] }) {
  return (
    <section aria-labelledby="archive-heading" className="mt-16">
      <h2 id="archive-heading" className="text-2xl font-semibold tracking-tight text-gray-900">
        Past issues
      </h2>
      {issues.length === 0 ? (
        <p className="mt-4 text-gray-700">The first issue has not gone out yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200">
          {issues.map((issue) => (
            <li key={issue.id} className="py-3">
              <Link href={issuePath(issue.id)} className={linkClass}>
                {issue.subject}
              </Link>
              <p className="text-sm text-gray-500">{dateLabel(issue.sentAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export type ArchivedListing = {
  id: number;
  slug: string;
  title: string;
  companyName: string;
  location: string;
};

export type ArchivedIssue = {
  id: number;
  subject: string;
  sentAt: string;
  introHtml: string;
  highlight: { title: string; text: string; path: string } | null;
  sponsored: ArchivedListing[];
  listings: ArchivedListing[];
};

function ListingList({ listings }: { listings: ArchivedListing[] }) {
  return (
    <ul className="mt-4 space-y-4">
      {listings.map((listing) => (
        <li key={listing.id}>
          <Link href={jobPath(listing)} className={linkClass}>
            {listing.title}
          </Link>
          <p className="text-sm text-gray-600">
            {listing.companyName} · {listing.location}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** One issue as it went (every listing of it; a reader's copy held those of their choices). */
export function IssueView({ issue }: { issue: ArchivedIssue }) {
  return (
    <article>
      <p className="text-sm text-gray-500">Sent {dateLabel(issue.sentAt)}</p>
      {issue.introHtml && (
        <div
          className="prose prose-violet mt-6 max-w-none"
          // Sanitised when the editor saved it (lib/markdown.ts: GitHub's allow-list).
          dangerouslySetInnerHTML={{ __html: issue.introHtml }}
        />
      )}
      {issue.sponsored.length > 0 && (
        <section aria-labelledby="sponsored-heading" className="mt-10">
          <h2 id="sponsored-heading" className="text-xl font-semibold text-gray-900">
            Sponsored
          </h2>
          <ListingList listings={issue.sponsored} />
        </section>
      )}
      <section aria-labelledby="new-heading" className="mt-10">
        <h2 id="new-heading" className="text-xl font-semibold text-gray-900">
          New this week
        </h2>
        {issue.listings.length === 0 ? (
          <p className="mt-4 text-gray-700">No new listings this week.</p>
        ) : (
          <ListingList listings={issue.listings} />
        )}
      </section>
      {issue.highlight && (
        <section aria-labelledby="highlight-heading" className="mt-10">
          <h2 id="highlight-heading" className="text-xl font-semibold text-gray-900">
            {issue.highlight.title}
          </h2>
          <p className="mt-2 text-gray-700">{issue.highlight.text}</p>
          <p className="mt-2">
            <Link href={issue.highlight.path} className={linkClass}>
              Read the report
            </Link>
          </p>
        </section>
      )}
      <p className="mt-12">
        <Link href={`${NEWSLETTER_PATH}#subscribe`} className={linkClass}>
          Subscribe to get it every week <span aria-hidden="true">&rarr;</span>
        </Link>
      </p>
    </article>
  );
}

/** A page that answers a link of the newsletter's mail: its title, words and a form or link. */
export function LinkPage({
  title,
  lead,
  action,
  button,
}: {
  title: string;
  lead: string;
  /** The form's target: a plain post the API answers with a redirect back here. */
  action?: string;
  button?: string;
}) {
  // The pages a mail's link opens (confirm, unsubscribe) are not public routes, as /unsubscribe
  // is not: they draw the public frame themselves.
  return (
    <PublicLayout theme="light">
      <NewsletterScreen title={title} lead={lead}>
        {action ? (
          <form method="post" action={action}>
            <button type="submit" className={primaryButtonClass}>
              {button}
            </button>
          </form>
        ) : (
          <p>
            <Link href={NEWSLETTER_PATH} className={linkClass}>
              Go to the newsletter <span aria-hidden="true">&rarr;</span>
            </Link>
          </p>
        )}
      </NewsletterScreen>
    </PublicLayout>
  );
}
