import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ImageResponse } from "next/og";
import { CARD_HEIGHT, CARD_WIDTH, type CardFacts } from "@/lib/og/address";
import { drawableText, shortened } from "./glyphs";

/*
 * A card drawn as a PNG with next/og's ImageResponse (Satori lays the JSX out as SVG, Resvg
 * paints it), in the site's colours and its font, Inter. Satori reads TTF, OTF and WOFF but not
 * WOFF2, the only Inter files the site's own font package has: the static WOFF files of
 * @fontsource/inter 5.3.0 (SIL Open Font License, fonts/OFL.txt), latin and latin-ext at 400
 * and 700, are kept beside this file. This module runs in the card drawer's worker thread
 * (card-worker.ts): what it needs from the server (the board's name, the logo as a PNG data URL)
 * comes in its arguments, from card-drawer.ts.
 */

const FONT_DIR = join(process.cwd(), "features", "og", "server", "fonts");
// Satori keeps one font per name, weight and style: the latin-ext files get a name of their
// own, and Satori turns to them for the glyphs the latin files lack.
const FONT_FILES = [
  { file: "inter-latin-400-normal.woff", name: "Inter", weight: 400 },
  { file: "inter-latin-700-normal.woff", name: "Inter", weight: 700 },
  { file: "inter-latin-ext-400-normal.woff", name: "Inter Latin Extended", weight: 400 },
  { file: "inter-latin-ext-700-normal.woff", name: "Inter Latin Extended", weight: 700 },
] as const;

type Font = { name: string; data: ArrayBuffer; weight: 400 | 700; style: "normal" };
let fonts: Promise<Font[]> | undefined;

/** The fonts, read once per thread. */
function cardFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    FONT_FILES.map(async ({ file, name, weight }) => {
      const bytes = await readFile(join(FONT_DIR, file));
      const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      return { name, data: data as ArrayBuffer, weight, style: "normal" as const };
    }),
  );
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

// The site's violets, ambers and greys (Tailwind's palette).
const COLOURS = {
  violet950: "#2e1065",
  violet900: "#4c1d95",
  violet800: "#5b21b6",
  violet700: "#6d28d9",
  violet600: "#7c3aed",
  violet200: "#ddd6fe",
  violet100: "#ede9fe",
  amber300: "#fcd34d",
  gray950: "#030712",
  gray600: "#4b5563",
  white: "#ffffff",
};

/** What a card prints of the board itself: its name and tagline as the owner set them, its host. */
export type CardBoard = { name: string; tagline: string; host: string };

/** The site's mark: the play button on a rounded square, with its amber dot. */
function SiteMark() {
  return (
    <svg width="56" height="56" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="9" fill={COLOURS.white} />
      <path
        d="M12.5 10.2v11.6a.8.8 0 0 0 1.2.7l9.2-5.8a.8.8 0 0 0 0-1.4l-9.2-5.8a.8.8 0 0 0-1.2.7Z"
        fill={COLOURS.violet700}
      />
      <circle cx="24" cy="8.5" r="2.5" fill={COLOURS.amber300} />
    </svg>
  );
}

function CompanyBadge({ name, logo }: { name: string; logo: string | null }) {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        width: 112,
        height: 112,
        borderRadius: 28,
        background: logo ? COLOURS.white : COLOURS.violet100,
        color: COLOURS.violet700,
        fontSize: 56,
        fontWeight: 700,
        padding: logo ? 10 : 0,
        flexShrink: 0,
      }}
    >
      {logo ? (
        // Satori draws <img> from a data URL; next/image has no place here.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={logo} width={92} height={92} alt="" style={{ objectFit: "contain" }} />
      ) : (
        (name.charAt(0) || "?").toUpperCase()
      )}
    </div>
  );
}

/**
 * The title's size: long titles step down so that three lines hold them; with figures, or a
 * lead line below it, the title makes room for them.
 */
function titleSize(title: string, below: "figures" | "lead" | null): number {
  if (below === "figures") return 56;
  if (below === "lead") return title.length > 48 ? 52 : 60;
  return title.length > 80 ? 52 : title.length > 48 ? 62 : 72;
}

/** The width inside the card's padding. */
const INNER_WIDTH = CARD_WIDTH - 2 * 72;
const BADGE_SPACE = 112 + 28;

/** The card as satori draws it; exported for tests, which read its text. */
export function Card({
  facts,
  logo,
  board: { name, tagline, host },
}: {
  facts: CardFacts;
  /** The company's logo as a PNG data URL, or null for its initial. */
  logo: string | null;
  board: CardBoard;
}) {
  const title = shortened(drawableText(facts.title), 110);
  const eyebrow = shortened(drawableText(facts.eyebrow), 60);
  const chips = facts.chips.map((chip) => shortened(drawableText(chip), 40)).filter(Boolean);
  const badge = facts.badge === null ? null : drawableText(facts.badge);
  const lead = facts.lead ? shortened(drawableText(facts.lead), 140) : "";
  const below = facts.figures.length > 0 ? "figures" : lead ? "lead" : null;
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "56px 72px 48px",
        backgroundColor: COLOURS.violet700,
        backgroundImage: `linear-gradient(135deg, ${COLOURS.violet700} 0%, ${COLOURS.violet800} 60%, ${COLOURS.violet900} 100%)`,
        color: COLOURS.white,
        fontFamily: "Inter",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
        <SiteMark />
        <div style={{ fontSize: 32, fontWeight: 700, letterSpacing: -0.5 }}>
          {/* A name wholly in a script the fonts lack (glyphs.ts) leaves the board's host. */}
          {drawableText(name) || host}
        </div>
      </div>

      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ display: "flex", alignItems: "center", gap: 28 }}>
          {badge !== null && <CompanyBadge name={badge} logo={logo} />}
          <div
            style={{
              display: "flex",
              flexDirection: "column",
              width: INNER_WIDTH - (badge === null ? 0 : BADGE_SPACE),
            }}
          >
            <div style={{ fontSize: 30, color: COLOURS.violet200 }}>{eyebrow}</div>
            <div
              style={{
                marginTop: 8,
                fontSize: titleSize(title, below),
                fontWeight: 700,
                lineHeight: 1.1,
                letterSpacing: -1.5,
              }}
            >
              {title}
            </div>
            {lead && (
              <div
                style={{ marginTop: 16, fontSize: 28, lineHeight: 1.35, color: COLOURS.violet100 }}
              >
                {lead}
              </div>
            )}
          </div>
        </div>
        {chips.length > 0 && (
          <div style={{ display: "flex", flexWrap: "wrap", gap: 14, marginTop: 32 }}>
            {chips.map((chip) => (
              <div
                key={chip}
                style={{
                  display: "flex",
                  padding: "10px 22px",
                  borderRadius: 999,
                  backgroundColor: "rgba(255, 255, 255, 0.14)",
                  border: "1px solid rgba(255, 255, 255, 0.22)",
                  fontSize: 28,
                }}
              >
                {chip}
              </div>
            ))}
          </div>
        )}
        {facts.note && (
          <div
            style={{
              display: "flex",
              alignItems: "center",
              gap: 16,
              marginTop: 28,
              fontSize: 36,
              fontWeight: 700,
              color: COLOURS.violet100,
            }}
          >
            <div
              style={{
                width: 16,
                height: 16,
                borderRadius: 999,
                backgroundColor: COLOURS.amber300,
              }}
            />
            {drawableText(facts.note)}
          </div>
        )}
        {facts.figures.length > 0 && (
          <div style={{ display: "flex", gap: 20, marginTop: 32 }}>
            {facts.figures.map((figure) => (
              <div
                key={figure.label}
                style={{
                  display: "flex",
                  flexDirection: "column",
                  flex: 1,
                  padding: "18px 22px",
                  borderRadius: 22,
                  backgroundColor: COLOURS.white,
                }}
              >
                <div style={{ fontSize: 22, color: COLOURS.gray600 }}>{figure.label}</div>
                <div
                  style={{ marginTop: 4, fontSize: 48, fontWeight: 700, color: COLOURS.gray950 }}
                >
                  {drawableText(figure.value)}
                </div>
              </div>
            ))}
          </div>
        )}
      </div>

      <div
        style={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "center",
          fontSize: 26,
          color: COLOURS.violet200,
        }}
      >
        <div>{drawableText(tagline)}</div>
        <div style={{ fontWeight: 700, color: COLOURS.white }}>{host}</div>
      </div>
    </div>
  );
}

/** The card of `facts` as a 1200×630 PNG. */
export async function drawCardPng(
  facts: CardFacts,
  logo: string | null,
  board: CardBoard,
): Promise<Uint8Array> {
  const response = new ImageResponse(<Card facts={facts} logo={logo} board={board} />, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await cardFonts(),
  });
  return new Uint8Array(await response.arrayBuffer());
}
