import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * How far a box is scrolled sideways, read once per frame while it scrolls (a scroll fires many
 * events a frame). Returns the offset and the handler to put on the box's onScroll.
 */
export function useScrollLeft(box: RefObject<HTMLElement | null>): [number, () => void] {
  const [scrolled, setScrolled] = useState(0);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrolled(box.current?.scrollLeft ?? 0));
  };
  return [scrolled, onScroll];
}
