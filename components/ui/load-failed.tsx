import { Button } from "@/components/ui/button";

/** A screen whose data did not come (the toast has said so): what, and a way to ask again. */
export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-xs ring-1 ring-gray-200">
      <p className="text-sm text-gray-700">{what} could not be loaded.</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
