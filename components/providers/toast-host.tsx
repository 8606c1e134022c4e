import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import { useEffect, useState } from "react";
import { TOAST_POSITION } from "@/lib/error-toast";
import { isPublicRoute } from "@/lib/routes";

const Toaster = dynamic(() => import("react-hot-toast").then((module) => module.Toaster), {
  ssr: false,
});

/** What a person does before anything they do can raise a toast. */
const FIRST_ACTIONS = ["pointerdown", "keydown", "focusin"] as const;

/**
 * Where toasts show. On a public page a toast only ever answers something the visitor did, so the
 * toaster's code loads with their first press, key or focus, not while the page starts; the
 * signed-in area, whose queries can fail on their own, mounts it at once. react-hot-toast keeps
 * its toasts in a module-level store, so a toast raised before this mounts shows once it does.
 */
export function ToastHost() {
  const { pathname } = useRouter();
  const [acted, setActed] = useState(false);
  const ready = acted || !isPublicRoute(pathname);
  useEffect(() => {
    if (acted) return;
    const act = () => setActed(true);
    for (const type of FIRST_ACTIONS) window.addEventListener(type, act, { once: true });
    return () => {
      for (const type of FIRST_ACTIONS) window.removeEventListener(type, act);
    };
  }, [acted]);
  return ready ? <Toaster position={TOAST_POSITION} /> : null;
}
