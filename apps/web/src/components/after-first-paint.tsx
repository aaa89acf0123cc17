import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children once the first screen has been painted (`frames` paints later, to order
 * several deferred parts). For parts a first screen does not
 * show (the footer below a full-height page, the lower sections of Home): the first render, its
 * commit and its layout stay short, so the page answers input sooner while it starts (on a phone
 * the difference is hundreds of milliseconds of blocked main thread).
 */
export function AfterFirstPaint({ children, frames = 1 }: { children: ReactNode; frames?: number }) {
  const [painted, setPainted] = useState(0);
  useEffect(() => {
    if (painted >= frames) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the browser paints in between.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted((n) => n + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, frames]);
  return painted >= frames ? children : null;
}
