import type { CardFacts } from "@/lib/og/address";
import { LOGO_PATH_PREFIX } from "@/lib/logos/logos";
import { boardSettings } from "@/lib/board-settings";
import { SITE_URL } from "@/lib/site";
import { log } from "@/lib/server/log";
import {
  startThread,
  takingTurns,
  ThreadOverrun,
  workerFile,
  type Thread,
} from "@/lib/server/worker-thread";
import { logoStore } from "@/features/companies/server/logo-store";
import type { CardBoard } from "./card-image";

/*
 * Cards are drawn in a worker thread of their own (card-worker.ts), not on the thread that
 * answers requests (issue 67). Satori, Resvg's WebAssembly memory and the fonts held 18 MB of
 * buffers in each serving process for good once one card had been drawn; in a thread they are
 * gone when it ends. A thread costs about 300 ms of processor time to start and a warm one draws
 * a card in 10–40 ms, so one thread draws the cards asked for in a row, one at a time, and ends
 * after CARD_DRAWER.idleMs without one. It takes new cards only for CARD_DRAWER.takesMs from its
 * start, so that its wall-clock bound (startThread's `ms`) never falls during a drawing; after
 * that the next card starts a fresh thread.
 */

/**
 * What the drawer thread is sent: everything a card prints, read on the server's side; the logo
 * as stored (WebP bytes), which the thread turns into a PNG Satori can draw (logo-png.ts).
 */
export type CardRequest = { facts: CardFacts; logo: Uint8Array | null; board: CardBoard };
/**
 * What it answers: the PNG's bytes (and, when the logo could not be drawn and the company's
 * initial stands in for it, why), or why it could not draw the card.
 */
export type CardAnswer = { png: Uint8Array; logoProblem?: string } | { error: string };

export const CARD_DRAWER = {
  /** A thread with nothing to draw for this long ends. */
  idleMs: 10_000,
  /** A thread takes new cards this long after its start. */
  takesMs: 60_000,
  /** One drawing's bound: past it the thread is ended and the card fails. */
  drawMs: 20_000,
};

/**
 * A thread's bounds: a card's drawing holds a few MB of heap, the 128 MB allowed is many times
 * that; its last drawing starts before `takesMs` and ends before `takesMs + drawMs`.
 */
const LIMITS = { heapMb: 128, ms: CARD_DRAWER.takesMs + 2 * CARD_DRAWER.drawMs };

/** The drawer thread answered that it could not draw the card (it is still fine for the next). */
class CardNotDrawn extends Error {
  constructor(reason: string) {
    super(`The card could not be drawn: ${reason}`);
    this.name = "CardNotDrawn";
  }
}

/** One card at a time (the thread draws in turn anyway), and a short line behind it. */
const inTurn = takingTurns(1, 32, "Many social cards are being drawn just now: try again soon");

type Session = { thread: Thread<CardRequest, CardAnswer>; started: number; idle?: NodeJS.Timeout };
let session: Session | undefined;
let threadsStarted = 0;

function endSession(ending: Session) {
  clearTimeout(ending.idle);
  ending.thread.end();
  if (session === ending) session = undefined;
}

/** The thread to draw on: the current one while it still takes cards, a new one otherwise. */
async function drawer(): Promise<Session> {
  if (session && Date.now() - session.started < CARD_DRAWER.takesMs) {
    clearTimeout(session.idle);
    return session;
  }
  if (session) endSession(session);
  const file = await workerFile("card");
  session = {
    thread: startThread<CardRequest, CardAnswer>(file, null, LIMITS),
    started: Date.now(),
  };
  threadsStarted += 1;
  return session;
}

/** The board as cards print it: the name and tagline as the owner set them, and its host. */
export function cardBoard(): CardBoard {
  const { name, tagline } = boardSettings();
  let host = "";
  try {
    host = new URL(SITE_URL).host;
  } catch {
    // No valid site address: the card leaves the host out.
  }
  return { name, tagline, host };
}

/** A stored logo's bytes (WebP), or null (none, or not readable). */
async function storedLogo(logo: string | null): Promise<Uint8Array | null> {
  if (!logo?.startsWith(LOGO_PATH_PREFIX)) return null;
  try {
    return (await logoStore().get(logo.slice(LOGO_PATH_PREFIX.length))) ?? null;
  } catch (error) {
    // The card is still worth drawing: with the company's initial instead.
    log.warn({ err: error, logo }, "A logo could not be read for a social card");
    return null;
  }
}

/** The card of `facts` as a 1200×630 PNG, drawn on the drawer thread with its logo. */
export async function drawCard(facts: CardFacts): Promise<Buffer> {
  const request: CardRequest = { facts, logo: await storedLogo(facts.logo), board: cardBoard() };
  return inTurn(async () => {
    const current = await drawer();
    let timer: NodeJS.Timeout | undefined;
    try {
      current.thread.send(request);
      const answer = await Promise.race([
        current.thread.next(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ThreadOverrun("time")), CARD_DRAWER.drawMs);
        }),
      ]);
      if ("error" in answer) throw new CardNotDrawn(answer.error);
      if (answer.logoProblem) {
        log.warn(
          { logo: facts.logo, reason: answer.logoProblem },
          "A logo could not be drawn on a social card",
        );
      }
      return Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength);
    } catch (error) {
      // Past a bound, or the thread ended: the next card starts a fresh one.
      if (!(error instanceof CardNotDrawn)) endSession(current);
      throw error;
    } finally {
      clearTimeout(timer);
      if (session === current) {
        current.idle = setTimeout(() => endSession(current), CARD_DRAWER.idleMs);
        current.idle.unref();
      }
    }
  });
}

/** Ends the drawer thread now, if one runs (a drawing under way fails). */
export function endCardDrawer(): void {
  if (session) endSession(session);
}

/** Whether a drawer thread is running now, and how many this process has started: for tests. */
export const cardDrawerState = () => ({ running: session !== undefined, threadsStarted });
