import { Head, Html, Main, NextScript } from "next/document";
import { Children, isValidElement, type ReactElement } from "react";
import { IconSprite } from "@/components/ui/icon-sprite";
import { FORM_GATE_SCRIPT } from "@/lib/form-gate";
import { isProfileRoute } from "@/lib/routes";

type ScriptProps = { src?: string; dangerouslySetInnerHTML?: { __html: string } };

/**
 * Next.js's scripts, asked for once the page's first content is on screen instead of while its
 * HTML is parsed: on a slow phone connection the stylesheet, the font and the images have the
 * bandwidth to themselves until then, and the scripts, which only make an already readable page
 * interactive, come right after. They are inserted in their original order with `async = false`,
 * so they run in that order, as deferred scripts would. The moment is the browser's own
 * first-contentful-paint entry; a browser without paint timing waits for the next frame, a hidden
 * tab (which never paints) asks at once, and nothing waits more than 3 seconds.
 */
function afterFirstPaint(sources: readonly string[]): string {
  return `(function(d,s,P){function b(){if(!s)return;s.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=false;d.head.appendChild(e)});s=null}if(d.visibilityState==="hidden")return b();setTimeout(b,3000);if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(b)}}).observe({type:"paint",buffered:true});else requestAnimationFrame(function(){setTimeout(b)})})(document,${JSON.stringify(sources)},window.PerformanceObserver)`;
}

/**
 * The page's head. On a page whose server-rendered content is readable before any script runs,
 * Next.js's script tags are replaced by one loader (afterFirstPaint). The signed-in area (the
 * profile, the employers' and the moderators' pages) paints nothing of its own before its scripts
 * have restored the session, so waiting for a paint would only hold it back, for the full 3
 * seconds: it keeps Next.js's deferred scripts, asked for while the HTML is parsed.
 */
class PaintFirstHead extends Head {
  private waitsForPaint(): boolean {
    return !isProfileRoute(this.context.__NEXT_DATA__.page);
  }

  getDynamicChunks(files: Parameters<Head["getDynamicChunks"]>[0]) {
    return this.waitsForPaint() ? [] : super.getDynamicChunks(files);
  }

  getScripts(files: Parameters<Head["getScripts"]>[0]): ReturnType<Head["getScripts"]> {
    if (!this.waitsForPaint()) return super.getScripts(files);
    const elements = [
      ...Children.toArray(super.getDynamicChunks(files)),
      ...Children.toArray(super.getScripts(files)),
    ].filter((element): element is ReactElement<ScriptProps> => isValidElement(element));
    const inline = elements.filter((element) => !element.props.src);
    const sources = elements.flatMap((element) => element.props.src ?? []);
    return [
      ...inline,
      <script
        key="after-first-paint"
        dangerouslySetInnerHTML={{ __html: afterFirstPaint(sources) }}
      />,
    ];
  }
}

export default function Document() {
  return (
    <Html lang="en">
      <PaintFirstHead>
        <script dangerouslySetInnerHTML={{ __html: FORM_GATE_SCRIPT }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#6d28d9" />
      </PaintFirstHead>
      <body>
        <IconSprite />
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
