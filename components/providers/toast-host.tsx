import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { TOAST_POSITION } from "@/lib/error-toast";
import { whenIdle } from "@/lib/when-idle";

const Toaster = dynamic(() => import("react-hot-toast").then((module) => module.Toaster), {
  ssr: false,
});

/**
 * Where toasts show, mounted once the page is idle: nothing on the first screen needs a toast.
 * react-hot-toast keeps its toasts in a module-level store, so a toast raised before this mounts
 * (the first ones load react-hot-toast themselves) shows once it does.
 */
export function ToastHost() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready ? <Toaster position={TOAST_POSITION} /> : null;
}
