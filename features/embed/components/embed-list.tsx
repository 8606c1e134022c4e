import Head from "next/head";
import type { EmbedPageProps } from "@/features/embed/schemas";
import { formatDate } from "@/lib/format";

/**
 * The embed's own few rules, inline: the page is framed on another site, so it carries its
 * colours (light or dark, each at AA contrast or better) and a system font, and nothing else of
 * the board's look. The board's style sheet still loads (every page has it); these win.
 */
const EMBED_CSS = `
html,body{margin:0;background:var(--embed-bg)}
.embed{--embed-bg:#fff;--embed-text:#111827;--embed-muted:#4b5563;--embed-link:#5b21b6;--embed-line:#e5e7eb;
font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--embed-text);background:var(--embed-bg);padding:12px 16px}
.embed-dark{--embed-bg:#111827;--embed-text:#f9fafb;--embed-muted:#d1d5db;--embed-link:#c4b5fd;--embed-line:#374151}
.embed h1{font-size:1rem;font-weight:600;margin:0 0 4px}
.embed ul{list-style:none;margin:0;padding:0}
.embed li{padding:10px 0;border-bottom:1px solid var(--embed-line)}
.embed a{color:var(--embed-link);text-underline-offset:2px}
.embed-title:hover,.embed-more a,.embed-credit a{text-decoration:underline}
.embed-title{font-weight:600;font-size:1.0625rem}
.embed-facts{margin:2px 0 0;color:var(--embed-muted);font-size:.875rem}
.embed-facts span+span::before{content:" · "}
.embed-more,.embed-empty{margin:12px 0 0}
.embed-credit{margin:12px 0 0;color:var(--embed-muted);font-size:.8125rem}
.embed-credit a{color:inherit}
`;

/**
 * /embed/companies/[slug]: a company's live listings as its careers page frames them (issue 66),
 * with no script. Each title links to its page on the board (where candidates read and apply)
 * with target="_top": the candidate leaves the careers page for the job as with any link on it
 * (their back button returns), rather than in a window they did not ask for, and a frame cannot
 * keep them inside it.
 */
export function EmbedList({ embed, query }: EmbedPageProps) {
  const { company, jobs, total, board } = embed;
  return (
    <>
      <Head>
        <title>{`Jobs at ${company.name}`}</title>
        {/* Search credit belongs to the job pages this lists, not to a copy of them. */}
        <meta name="robots" content="noindex" />
        <style dangerouslySetInnerHTML={{ __html: EMBED_CSS }} />
      </Head>
      <main className={query.theme === "dark" ? "embed embed-dark" : "embed"}>
        <h1>
          Jobs at {company.name}
          {total > 0 && ` (${total})`}
        </h1>
        {jobs.length === 0 ? (
          <p className="embed-empty">
            {company.name} has no open jobs on {board.name} right now.
          </p>
        ) : (
          <ul>
            {jobs.map((job) => (
              <li key={job.id}>
                <a className="embed-title" href={job.url} target="_top">
                  {job.title}
                </a>
                <p className="embed-facts">
                  <span>{job.location}</span>
                  <span>{job.type_label}</span>
                  <span>
                    Posted <time dateTime={job.published_at}>{formatDate(job.published_at)}</time>
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
        {total > jobs.length && (
          <p className="embed-more">
            <a href={company.url} target="_top">
              All {total} jobs at {company.name}
            </a>
          </p>
        )}
        <p className="embed-credit">
          <a href={board.url} target="_top">
            Jobs by {board.name}
          </a>
        </p>
      </main>
    </>
  );
}
