import type { GetServerSideProps } from "next";
import { EMBED_SCRIPT } from "@/features/embed/embed-script";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";

/** The web component careers pages load (features/embed/embed-script.ts, issue 66). */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  res.setHeader("Content-Type", "text/javascript; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.embedScript);
  res.end(EMBED_SCRIPT);
  return { props: {} };
};

export default function EmbedScript() {
  return null;
}
