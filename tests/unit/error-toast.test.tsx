import { QueryClientProvider, useMutation, useQuery } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import toast, { Toaster } from "react-hot-toast";
import { afterEach, describe, expect, it } from "vitest";
import { ERROR_TOAST_MESSAGE, TOAST_POSITION, hasFieldErrors } from "@/lib/error-toast";
import { createQueryClient } from "@/lib/query-client";

function FailingQuery({ name }: { name: string }) {
  useQuery({
    queryKey: ["failing", name],
    queryFn: () => Promise.reject({ error: "Server error" }),
    retry: false,
  });
  return null;
}

function FailingMutation({ failure }: { failure: unknown }) {
  const mutation = useMutation({ mutationFn: () => Promise.reject(failure) });
  return (
    <>
      <button type="button" onClick={() => mutation.mutate()}>
        Save
      </button>
      <p>status: {mutation.status}</p>
    </>
  );
}

function renderWithToaster(ui: React.ReactNode) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster position={TOAST_POSITION} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => toast.remove());
});

describe("error toast rules", () => {
  it("shows the spec's toast once for failed queries, however many fail", async () => {
    renderWithToaster(
      <>
        <FailingQuery name="a" />
        <FailingQuery name="b" />
      </>,
    );
    expect(await screen.findByText(ERROR_TOAST_MESSAGE)).toBeInTheDocument();
    expect(ERROR_TOAST_MESSAGE).toBe("Oops, looks like we messed something up. Please try again.");
    await waitFor(() => expect(screen.getAllByText(ERROR_TOAST_MESSAGE)).toHaveLength(1));
  });

  it("shows the toast for a failed mutation without field errors", async () => {
    renderWithToaster(<FailingMutation failure={{ error: "Server error" }} />);
    act(() => screen.getByRole("button", { name: "Save" }).click());
    expect(await screen.findByText(ERROR_TOAST_MESSAGE)).toBeInTheDocument();
  });

  it("leaves a failed mutation with an errors object to the form", async () => {
    renderWithToaster(<FailingMutation failure={{ errors: { title: ["is too short"] } }} />);
    act(() => screen.getByRole("button", { name: "Save" }).click());
    expect(await screen.findByText("status: error")).toBeInTheDocument();
    expect(screen.queryByText(ERROR_TOAST_MESSAGE)).not.toBeInTheDocument();
  });

  it("places toasts at the bottom center", () => {
    expect(TOAST_POSITION).toBe("bottom-center");
  });
});

describe("hasFieldErrors", () => {
  it.each([
    [{ errors: { title: ["is required"] } }, true],
    [{ errors: {} }, true],
    [{ errors: null }, false],
    [{ errors: "bad" }, false],
    [{ error: "Server error" }, false],
    ["Network Error", false],
    [null, false],
    [undefined, false],
  ])("%j -> %s", (failure, expected) => {
    expect(hasFieldErrors(failure)).toBe(expected);
  });
});
