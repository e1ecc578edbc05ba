import { useEffect, useRef, useState, type RefObject } from 'react';

/** The scrolling box's padding (p-2), which scrolls with the drawing. */
export const PADDING = 8;

/**
 * The box a drawing scrolls sideways in: the width it offers (short drawings stretch to it),
 * how far it is scrolled (read once per frame while it scrolls: a scroll fires many events a
 * frame) and the handler to put on its onScroll.
 */
export function useDrawingBox() {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setAvailable(Math.floor(entry.contentRect.width)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const [scrolled, setScrolled] = useState(0);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrolled(box.current?.scrollLeft ?? 0));
  };
  return { box, available, scrolled, onScroll };
}

/**
 * Keeps the current step in view when the drawing scrolls: centred in the part of the box the
 * lane labels leave free, and only moved when the step would be outside it.
 */
export function useStepInView(
  box: RefObject<HTMLDivElement | null>,
  currentX: number | null,
  width: number,
) {
  useEffect(() => {
    const element = box.current;
    if (!element || currentX === null || element.scrollWidth <= element.clientWidth) return;
    const margin = Math.min(80, element.clientWidth / 4);
    const visibleFrom = element.scrollLeft + margin;
    const visibleTo = element.scrollLeft + element.clientWidth - margin;
    if (currentX < visibleFrom || currentX > visibleTo)
      element.scrollTo({ left: Math.max(0, currentX - element.clientWidth / 2) });
  }, [box, currentX, width]);
}
