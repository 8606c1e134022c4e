import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { idleCollector } from "@/lib/server/http/idle-collector";

/*
 * The server gives memory back once it has been quiet (lib/server/http/idle-collector.ts): only
 * when nothing has been in flight for the whole quiet time, and once per quiet spell.
 */

describe("the idle collector", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    const collect = vi.fn();
    return { collect, quiet: idleCollector({ quietMs: 5_000, collect }) };
  };

  it("collects once the last request has been over for the quiet time, not before", () => {
    const { collect, quiet } = setUp();
    quiet.begin();
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
    quiet.end();
    vi.advanceTimersByTime(4_999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("waits for every request in flight, and starts the quiet time again with each new one", () => {
    const { collect, quiet } = setUp();
    quiet.begin();
    quiet.begin();
    quiet.end();
    vi.advanceTimersByTime(10_000);
    expect(collect).not.toHaveBeenCalled();
    quiet.end();
    vi.advanceTimersByTime(3_000);
    quiet.begin();
    quiet.end();
    vi.advanceTimersByTime(3_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("does not collect again while nothing has been answered since", () => {
    const { collect, quiet } = setUp();
    quiet.begin();
    quiet.end();
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(collect).toHaveBeenCalledTimes(1);
    quiet.begin();
    quiet.end();
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it("collects nothing once stopped", () => {
    const { collect, quiet } = setUp();
    quiet.begin();
    quiet.end();
    quiet.stop();
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
  });
});
