// @vitest-environment node
import type { TextContent } from "pdfjs-dist/types/src/display/api";
import { describe, expect, it } from "vitest";
import { textLines } from "@/features/applications/components/pipeline/cv-frame/text-lines";
import {
  CV_FRAME_PATH,
  cvFrameFile,
  isCvFrameReport,
  isCvFrameRequest,
} from "@/features/applications/cv-frame";

/* The CV frame's messages (issue 40): each side reads only the exact shapes it expects. */

describe("isCvFrameRequest", () => {
  it("takes a PDF's bytes and nothing more", () => {
    expect(isCvFrameRequest({ type: "cv-frame:show", pdf: new ArrayBuffer(8) })).toBe(true);
    for (const data of [
      null,
      "cv-frame:show",
      { type: "cv-frame:show" },
      { type: "cv-frame:show", pdf: new Uint8Array(8) },
      { type: "cv-frame:show", pdf: "%PDF-1.7" },
      { type: "cv-frame:show", pdf: new ArrayBuffer(8), url: "https://elsewhere.example" },
      { type: "cv-frame:ready" },
    ]) {
      expect(isCvFrameRequest(data)).toBe(false);
    }
  });
});

describe("isCvFrameReport", () => {
  it("reads ready, shown (with its page count), size (with its height) and failed", () => {
    expect(isCvFrameReport({ type: "cv-frame:ready" })).toBe(true);
    expect(isCvFrameReport({ type: "cv-frame:shown", pages: 2 })).toBe(true);
    expect(isCvFrameReport({ type: "cv-frame:failed" })).toBe(true);
    expect(isCvFrameReport({ type: "cv-frame:size", height: 640.5 })).toBe(true);
    for (const data of [
      { type: "cv-frame:size", height: "640" },
      { type: "cv-frame:size", height: Number.POSITIVE_INFINITY },
      { type: "cv-frame:size", height: 0 },
      { type: "cv-frame:size", height: 640, width: 480 },
      undefined,
      { type: "cv-frame:shown" },
      { type: "cv-frame:shown", pages: "2" },
      { type: "cv-frame:ready", href: "/" },
      { type: "cv-frame:show", pdf: new ArrayBuffer(1) },
    ]) {
      expect(isCvFrameReport(data)).toBe(false);
    }
  });
});

describe("cvFrameFile", () => {
  it("names the frame's document and its hashed files, and nothing else", () => {
    expect(cvFrameFile(CV_FRAME_PATH)).toBe("document");
    expect(cvFrameFile("/cv-viewer/viewer.ABC123.js")).toBe("asset");
    expect(cvFrameFile("/cv-viewer.html.map")).toBeNull();
    expect(cvFrameFile("/cv-viewer")).toBeNull();
    expect(cvFrameFile("/listings/1/applicants")).toBeNull();
  });
});

describe("textLines", () => {
  const item = (str: string, hasEOL = false) => ({
    str,
    hasEOL,
    dir: "ltr",
    transform: [],
    width: 0,
    height: 0,
    fontName: "f1",
  });

  it("joins a page's text into the lines the PDF ends, for screen readers", () => {
    const content = {
      items: [
        item("Ada"),
        item(" "),
        item("Lovelace", true),
        { type: "beginMarkedContent" as const, id: "m1" },
        item("Video   editor", true),
        item("  ", true),
        item("London"),
      ],
      styles: {},
      lang: null,
    } as unknown as TextContent;
    expect(textLines(content)).toEqual(["Ada Lovelace", "Video editor", "London"]);
  });
});
