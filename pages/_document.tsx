import { Head, Html, Main, NextScript, type DocumentContext } from "next/document";
import { Children, isValidElement, type ReactElement } from "react";
import { MENU_DISMISS_SCRIPT } from "@/components/layout/menu-dismiss";
import { IconSprite } from "@/components/ui/icon-sprite";
import { FORM_GATE_SCRIPT } from "@/lib/form-gate";
import { headEventsScript } from "@/features/listings/events";
import { PAGE_VIEW_SCRIPT } from "@/features/analytics/page-view-script";
import { LOGO_LOADED_SCRIPT } from "@/lib/logos/logos";
import { pageStartScript, startsOnIntent } from "@/lib/page-start";
import { JOIN_FRAGMENT_SCRIPT } from "@/features/companies/join-link";
import { BOARD_JOIN_FRAGMENT_SCRIPT } from "@/features/moderation/join-link";
import { isEmbedRoute, isProfileRoute, routes } from "@/lib/routes";
import { REMEMBERED_TOKEN_SCRIPT } from "@/lib/auth/remembered-token";
import { SIGNED_IN_HINT } from "@/lib/auth/signed-in-hint";
import { BoardSettingsData } from "@/components/layout/board-settings-data";

const HEAD_EVENTS_SCRIPT = headEventsScript(PAGE_VIEW_SCRIPT);

type ScriptProps = { src?: string; dangerouslySetInnerHTML?: { __html: string } };

/**
 * The page's head. On a page whose server-rendered content is readable before any script runs,
 * Next.js's script tags are replaced by one loader (lib/page-start.ts): on a public page the
 * scripts start when the visitor is about to use it (or once it has painted, for someone signed
 * in here, and on the sign-in pages, which are nothing without them). The signed-in area (the
 * profile, the employers' and the moderators' pages) shows nothing before a token exists, so
 * waiting for a paint would only hold it back: it keeps Next.js's deferred scripts, asked for
 * while the HTML is parsed, and a script that shows its layout at once when this browser
 * remembers a live token (lib/auth/remembered-token.ts).
 */
class PaintFirstHead extends Head {
  private waitsForPaint(): boolean {
    return !isProfileRoute(this.context.__NEXT_DATA__.page);
  }

  getDynamicChunks(files: Parameters<Head["getDynamicChunks"]>[0]) {
    return this.waitsForPaint() ? [] : super.getDynamicChunks(files);
  }

  /**
   * An invitation's page (a company's, public; the board's team's, signed in): its token leaves
   * the address before anything can read it (join-link.ts), so the script comes first.
   */
  private joinLink(): ReactElement[] {
    const joinScript = {
      [routes.joinCompany]: JOIN_FRAGMENT_SCRIPT,
      [routes.joinBoard]: BOARD_JOIN_FRAGMENT_SCRIPT,
    }[this.context.__NEXT_DATA__.page];
    return joinScript
      ? [<script key="join-link" dangerouslySetInnerHTML={{ __html: joinScript }} />]
      : [];
  }

  getScripts(files: Parameters<Head["getScripts"]>[0]): ReturnType<Head["getScripts"]> {
    if (!this.waitsForPaint()) {
      // In the head, so it runs before the body is parsed; only here, where it is of use.
      return [
        ...this.joinLink(),
        <script
          key="remembered-token"
          dangerouslySetInnerHTML={{ __html: REMEMBERED_TOKEN_SCRIPT }}
        />,
        ...Children.toArray(super.getScripts(files)).filter(isValidElement),
      ];
    }
    const elements = [
      ...Children.toArray(super.getDynamicChunks(files)),
      ...Children.toArray(super.getScripts(files)),
    ].filter((element): element is ReactElement<ScriptProps> => isValidElement(element));
    const inline = [...this.joinLink(), ...elements.filter((element) => !element.props.src)];
    const sources = elements.flatMap((element) => element.props.src ?? []);
    return [
      ...inline,
      <script
        key="page-start"
        dangerouslySetInnerHTML={{
          __html: pageStartScript({
            sources,
            onIntent: startsOnIntent(this.context.__NEXT_DATA__.page),
            signedInHint: SIGNED_IN_HINT,
          }),
        }}
      />,
    ];
  }
}

/**
 * `embed`: a page other sites frame (lib/routes.ts EMBED_ROUTES, issue 66). It runs no script at
 * all: Next.js's are left out by its `unstable_runtimeJS: false`, the board's inline ones here,
 * and it is not counted as a visit of the board (the job pages it links to are).
 */
export default function Document({ embed = false }: { embed?: boolean }) {
  return (
    <Html lang="en">
      <PaintFirstHead>
        {!embed && (
          <>
            <script dangerouslySetInnerHTML={{ __html: FORM_GATE_SCRIPT }} />
            {/* A listing's events and every page's view of itself, sent before the page's scripts. */}
            <script dangerouslySetInnerHTML={{ __html: HEAD_EVENTS_SCRIPT }} />
            <script dangerouslySetInnerHTML={{ __html: LOGO_LOADED_SCRIPT }} />
            <script dangerouslySetInnerHTML={{ __html: MENU_DISMISS_SCRIPT }} />
          </>
        )}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#6d28d9" />
      </PaintFirstHead>
      <body>
        {!embed && <IconSprite />}
        {!embed && <BoardSettingsData />}
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}

/**
 * Each page rendered on a request reads the board's settings first (a query only when they may
 * have changed: lib/server/board-settings.ts). Pages prerendered by the build are written with the
 * defaults; the server gives them the owner's words as it sends them (docs/board-settings.md).
 */
Document.getInitialProps = async (context: DocumentContext) => {
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    const [{ refreshBoardSettings }, { getDatabase }] = await Promise.all([
      import("@/lib/server/board-settings"),
      import("@/lib/server/db"),
    ]);
    await refreshBoardSettings(getDatabase);
  }
  const initial = await context.defaultGetInitialProps(context);
  return { ...initial, embed: isEmbedRoute(context.pathname) };
};
