import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH, chromeFlags: ["--headless=new","--no-sandbox"] });
for (let i = 0; i < 3; i++) {
  const r = await lighthouse(url, { port: chrome.port, onlyCategories: ["accessibility","performance"], throttlingMethod: "devtools" });
  const lhr = r.lhr;
  console.log("a11y", lhr.categories.accessibility.score, "perf", lhr.categories.performance.score);
  for (const a of Object.values(lhr.audits)) if (a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some(x=>x.id===a.id)) console.log(" ", a.id, JSON.stringify(a.details?.items?.slice(0,3).map(i=>i.node?.snippet + " | " + i.node?.explanation)));
}
await chrome.kill();
