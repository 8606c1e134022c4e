import { Head, Html, Main, NextScript } from "next/document";
import { IconSprite } from "@/components/ui/sprite-icon";

export default function Document() {
  return (
    <Html lang="en">
      <Head>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#6d28d9" />
      </Head>
      <body>
        <IconSprite />
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
