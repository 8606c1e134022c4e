// @vitest-environment node
import { describe, expect, it } from "vitest";
import { countedLabel } from "@/components/ui/taxonomy-select";

describe("a filter choice's label with its count", () => {
  it("shows exact counts as they are, and estimates to two figures", () => {
    const counts = { design: 12_345, sales: 7, legal: 96 };
    expect(countedLabel("Design", counts, "design")).toBe("Design (12,345)");
    expect(countedLabel("Design", counts, "design", true)).toBe("Design (about 12,000)");
    expect(countedLabel("Sales", counts, "sales", true)).toBe("Sales (about 7)");
    expect(countedLabel("Legal", counts, "legal", true)).toBe("Legal (about 96)");
    expect(countedLabel("Finance", counts, "finance", true)).toBe("Finance (0)");
    expect(countedLabel("Design", undefined, "design")).toBe("Design");
  });
});
