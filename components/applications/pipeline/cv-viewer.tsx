import { useEffect, useRef } from "react";
import { useApplicantCv } from "@/hooks/use-applicants";

/**
 * The applicant's CV in the page: fetched with the bearer token into a Blob and shown from an
 * object URL (never an address carrying the token), released when the view goes.
 */
export function CvViewer({
  listingId,
  applicationId,
  name,
  fileName,
}: {
  listingId: number;
  applicationId: number;
  name: string;
  fileName: string;
}) {
  const cv = useApplicantCv(listingId, applicationId, true);
  const frame = useRef<HTMLIFrameElement>(null);
  const download = useRef<HTMLAnchorElement>(null);
  // The object URL lives exactly as long as this view of this file: set on the elements
  // directly, and revoked when either goes.
  useEffect(() => {
    if (!cv.data || !frame.current || !download.current) return;
    const url = URL.createObjectURL(cv.data);
    frame.current.src = url;
    download.current.href = url;
    return () => URL.revokeObjectURL(url);
  }, [cv.data]);

  if (cv.isError) {
    return (
      <p className="text-sm text-gray-600">The CV could not be loaded. It may have been deleted.</p>
    );
  }
  if (!cv.data) {
    return (
      <div role="status" aria-busy="true" className="h-96 animate-pulse rounded-lg bg-gray-100">
        <span className="sr-only">Loading the CV…</span>
      </div>
    );
  }
  return (
    <div>
      <iframe
        ref={frame}
        title={`CV of ${name}`}
        className="h-[70vh] min-h-96 w-full rounded-lg ring-1 ring-gray-200"
      />
      <a
        ref={download}
        download={fileName}
        className="mt-2 inline-block text-sm font-medium text-violet-700 hover:underline"
      >
        Download the CV<span className="sr-only"> of {name}</span> ({fileName})
      </a>
    </div>
  );
}
