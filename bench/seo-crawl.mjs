// A search engine's view of the board: crawls every URL of the sitemap (an index and its files,
// or one file) and every page of the home page's pagination on a running server, and counts the
// problems issue 16 measured: remote jobs that claim "anywhere" while their label names a
// narrower area, or name one country for a multi-country area; jobs without a logo or, on site,
// without addressRegion; pages without og:image; open jobs the home page's pages do not reach,
// and later pages sharing page 1's title; sign-in pages search engines may index; sitemap files
// over 50,000 URLs. Prints one line per count. A benchmark, not a test: it exits 0 whatever it
// finds.
//
// Usage: node bench/seo-crawl.mjs http://127.0.0.1:3000 [--concurrency 4]
import { numberArg } from "./production-server.mjs";

const origin = new URL(
  process.argv.slice(2).find((arg) => /^https?:\/\//.test(arg)) ?? "http://127.0.0.1:3000",
).origin;
const concurrency = numberArg("concurrency", 4);

/** Words in a remote job's label that name an area narrower than the whole world. */
const AREA =
  /\b(north america|latin america|south america|americas|apac|asia|emea|europe|eu|cet|est|pst|gmt|uk|us|usa|united states|united kingdom|canada|australia|africa|middle east|time ?zones?)\b/i;
/** Labels that name more than one country. */
const MULTI_COUNTRY =
  /\b(north america|latin america|south america|americas|apac|asia|emea|europe|eu|cet|africa|middle east|and)\b/i;

async function text(path) {
  const response = await fetch(new URL(path, origin));
  return { status: response.status, body: await response.text() };
}

const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

/** Runs `task` over `items`, `concurrency` at a time. */
async function each(items, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

function jobPostings(html) {
  const postings = [];
  for (const [, json] of html.matchAll(
    /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    try {
      const data = JSON.parse(json);
      for (const item of Array.isArray(data) ? data : [data]) {
        if (item?.["@type"] === "JobPosting") postings.push(item);
      }
    } catch {
      // not JSON-LD we can read: counted as no posting
    }
  }
  return postings;
}

const title = (html) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
const hasOgImage = (html) => /<meta property="og:image" content="[^"]+"/.test(html);
const noIndex = (html) => /<meta name="robots" content="[^"]*noindex/.test(html);
const asList = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

// The sitemap: an index of files, or one file.
const root = await text("/sitemap.xml");
const isIndex = root.body.includes("<sitemapindex");
const files = isIndex ? locs(root.body) : [`${origin}/sitemap.xml`];
const urls = [];
let largestFile = 0;
for (const file of files) {
  const { body } = isIndex ? await text(new URL(file).pathname) : root;
  const found = locs(body);
  largestFile = Math.max(largestFile, found.length);
  urls.push(...found);
}
const paths = [...new Set(urls.map((url) => new URL(url).pathname))];
const jobPaths = paths.filter((path) => /^\/jobs\/\d+/.test(path));

const counts = {
  remote: 0,
  remoteAnywhere: 0,
  remoteAnywhereNamingArea: 0,
  remoteOneCountryForArea: 0,
  onSite: 0,
  onSiteWithRegion: 0,
  withLogo: 0,
  withoutPosting: 0,
  withoutOgImage: 0,
};
await each(paths, async (path) => {
  const { status, body } = await text(path);
  if (status !== 200) return;
  if (!hasOgImage(body)) counts.withoutOgImage++;
  if (!jobPaths.includes(path)) return;
  const [posting] = jobPostings(body);
  if (!posting) {
    counts.withoutPosting++;
    return;
  }
  if (posting.hiringOrganization?.logo) counts.withLogo++;
  if (posting.jobLocationType === "TELECOMMUTE") {
    counts.remote++;
    const places = asList(posting.applicantLocationRequirements);
    // The listing's own words for where it can be done (its location label, from the API).
    const id = /^\/jobs\/(\d+)/.exec(path)[1];
    const words = (await (await fetch(new URL(`/api/jobs/${id}`, origin))).json()).location ?? "";
    const anywhere =
      places.length === 0 || places.some((place) => /worldwide|anywhere/i.test(place.name ?? ""));
    if (anywhere) {
      counts.remoteAnywhere++;
      if (AREA.test(words) && !/worldwide|anywhere/i.test(words)) counts.remoteAnywhereNamingArea++;
    } else if (places.length === 1 && MULTI_COUNTRY.test(words)) {
      counts.remoteOneCountryForArea++;
    }
  } else {
    counts.onSite++;
    if (asList(posting.jobLocation).some((place) => place.address?.addressRegion)) {
      counts.onSiteWithRegion++;
    }
  }
});

// The home page's pagination, followed to its end.
const reached = new Set();
const titles = [];
for (let page = 1; page < 10_000; page++) {
  const { status, body } = await text(page === 1 ? "/" : `/?page=${page}`);
  if (status !== 200) break;
  titles.push(title(body));
  const before = reached.size;
  for (const [, id] of body.matchAll(/href="\/jobs\/(\d+)-/g)) reached.add(id);
  if (reached.size === before) break;
}
const sameTitle = titles.slice(1).filter((pageTitle) => pageTitle === titles[0]).length;

const signIn = [];
for (const path of ["/sign-in", "/sign-up", "/linkedin-login"]) {
  if (!noIndex((await text(path)).body)) signIn.push(path);
}

const rows = [
  ["sitemap URLs", paths.length],
  ["sitemap files (an index: yes/no)", `${files.length} (${isIndex ? "yes" : "no"})`],
  ["URLs in the largest sitemap file (limit 50,000)", largestFile],
  ["job pages in the sitemap", jobPaths.length],
  ["job pages without JobPosting data", counts.withoutPosting],
  ["remote jobs", counts.remote],
  ["remote jobs accepting applicants anywhere", counts.remoteAnywhere],
  ["…of which the label names a narrower area", counts.remoteAnywhereNamingArea],
  ["remote jobs sent as one country for a multi-country area", counts.remoteOneCountryForArea],
  ["jobs with hiringOrganization.logo", counts.withLogo],
  ["on-site jobs", counts.onSite],
  ["on-site jobs with addressRegion", counts.onSiteWithRegion],
  ["sitemap pages without og:image", counts.withoutOgImage],
  ["home pages followed", titles.length],
  ["open jobs reached from the home page's pages", reached.size],
  ["home pages 2..N with page 1's title", sameTitle],
  ["sign-in pages without noindex", signIn.length ? signIn.join(", ") : 0],
];
console.log(`SEO crawl of ${origin}\n`);
console.log("| count | value |\n| --- | --- |");
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
