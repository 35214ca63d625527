import { useEffect, useRef, useState } from "react";

const clickable = "a, button, [role='button'], input, select, textarea, label, summary";

/** A dot that follows the pointer and grows over clickable elements; absent on touch screens. */
export function CursorDot() {
  const [isFinePointer, setFinePointer] = useState(false);
  const dotRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const query = window.matchMedia("(hover: hover) and (pointer: fine)");
    const update = () => setFinePointer(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    if (!isFinePointer) return;
    function onMove(event: PointerEvent) {
      const dot = dotRef.current;
      if (!dot || event.pointerType === "touch") return;
      dot.style.transform = `translate3d(${event.clientX}px, ${event.clientY}px, 0)`;
      dot.style.opacity = "1";
      const target = event.target as Element | null;
      dot.dataset.hover = String(Boolean(target?.closest?.(clickable)));
    }
    function onLeave() {
      if (dotRef.current) dotRef.current.style.opacity = "0";
    }
    window.addEventListener("pointermove", onMove, { passive: true });
    document.documentElement.addEventListener("pointerleave", onLeave);
    return () => {
      window.removeEventListener("pointermove", onMove);
      document.documentElement.removeEventListener("pointerleave", onLeave);
    };
  }, [isFinePointer]);

  if (!isFinePointer) return null;
  return (
    <div
      ref={dotRef}
      aria-hidden="true"
      data-testid="cursor-dot"
      className="cursor-dot"
      style={{ opacity: 0 }}
      data-hover="false"
    />
  );
}
