import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children once the first screen has been painted. For parts a first screen does not
 * show (the footer below a full-height page, the lower sections of Home): the first render, its
 * commit and its layout stay short, so the page answers input sooner while it starts (on a phone
 * the difference is hundreds of milliseconds of blocked main thread).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the browser paints in between.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready ? children : null;
}
