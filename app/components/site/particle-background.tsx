import { useEffect, useRef } from "react";
import { createParticleScene, type SceneMessage, type SceneSize } from "#app/lib/particle-scene.ts";
import { particleCount, pixelRatio } from "#app/lib/particles.ts";

/** How the page drives the animation, wherever it runs. */
type SceneControl = {
  resize(size: SceneSize): void;
  setReduced(isReduced: boolean): void;
  setRunning(isRunning: boolean): void;
  stop(): void;
};

function canDrawInWorker(canvas: HTMLCanvasElement) {
  return typeof Worker === "function" && typeof canvas.transferControlToOffscreen === "function";
}

/** The animation in a worker, on OffscreenCanvases: none of it runs on the main thread. */
function startInWorker(
  canvas: HTMLCanvasElement,
  glow: HTMLCanvasElement,
  initial: { size: SceneSize; isReduced: boolean; isRunning: boolean },
): SceneControl {
  const worker = new Worker(new URL("../../lib/particles.worker.ts", import.meta.url), {
    type: "module",
    name: "particles",
  });
  worker.onmessage = ({ data }) => {
    if (data?.type === "drawn") canvas.dataset.drawn = "true";
  };
  const offscreen = canvas.transferControlToOffscreen();
  const offscreenGlow = glow.transferControlToOffscreen();
  const send = (message: SceneMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  send({ type: "start", canvas: offscreen, glow: offscreenGlow, ...initial }, [
    offscreen,
    offscreenGlow,
  ]);
  return {
    resize: (size) => send({ type: "resize", size }),
    setReduced: (isReduced) => send({ type: "motion", isReduced }),
    setRunning: (isRunning) => send({ type: "run", isRunning }),
    stop: () => worker.terminate(),
  };
}

/** The same animation on the main thread, for browsers without OffscreenCanvas. */
function startOnPage(
  canvas: HTMLCanvasElement,
  glow: HTMLCanvasElement,
  initial: { size: SceneSize; isReduced: boolean; isRunning: boolean },
): SceneControl {
  const scene = createParticleScene({
    canvas,
    glow,
    requestFrame: (callback) => requestAnimationFrame(callback),
    cancelFrame: (id) => cancelAnimationFrame(id),
    now: () => performance.now(),
    onFirstFrame: () => {
      canvas.dataset.drawn = "true";
    },
  });
  scene.resize(initial.size);
  scene.setReduced(initial.isReduced);
  scene.setRunning(initial.isRunning);
  return {
    resize: (size) => scene.resize(size),
    setReduced: (isReduced) => scene.setReduced(isReduced),
    setRunning: (isRunning) => scene.setRunning(isRunning),
    stop: () => scene.setRunning(false),
  };
}

/**
 * The animated particle-and-glow background. Decorative only: hidden from assistive
 * technology and transparent to clicks. It is drawn in a worker where the browser can
 * (data-renderer="worker"), paused while the tab is hidden, and slowed under
 * prefers-reduced-motion.
 */
export function ParticleBackground() {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // Made here rather than rendered: a canvas handed to a worker cannot be handed over again,
    // so each start (React runs effects twice in development) gets canvases of its own.
    const glow = document.createElement("canvas");
    glow.className = "pointer-events-none fixed inset-0 -z-10 h-full w-full";
    const canvas = document.createElement("canvas");
    canvas.className = "pointer-events-none fixed inset-0 -z-10";
    canvas.dataset.testid = "particle-background";
    for (const element of [glow, canvas]) element.setAttribute("aria-hidden", "true");
    host.append(glow, canvas);
    const motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");

    function measure(): SceneSize {
      const width = window.innerWidth;
      const height = window.innerHeight;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      canvas.dataset.particles = String(particleCount(width, height));
      return { width, height, ratio: pixelRatio(window.devicePixelRatio) };
    }
    function showState() {
      canvas.dataset.running = String(!document.hidden);
      canvas.dataset.motion = motionQuery.matches ? "reduced" : "full";
    }

    const initial = {
      size: measure(),
      isReduced: motionQuery.matches,
      isRunning: !document.hidden,
    };
    const isWorker = canDrawInWorker(canvas);
    let control: SceneControl;
    try {
      control = isWorker
        ? startInWorker(canvas, glow, initial)
        : startOnPage(canvas, glow, initial);
    } catch {
      // a decoration that cannot start is left out
      glow.remove();
      canvas.remove();
      return;
    }
    canvas.dataset.renderer = isWorker ? "worker" : "page";
    showState();

    const onResize = () => control.resize(measure());
    const onVisibility = () => {
      control.setRunning(!document.hidden);
      showState();
    };
    const onMotionChange = () => {
      control.setReduced(motionQuery.matches);
      showState();
    };
    window.addEventListener("resize", onResize);
    document.addEventListener("visibilitychange", onVisibility);
    motionQuery.addEventListener("change", onMotionChange);
    return () => {
      control.stop();
      glow.remove();
      canvas.remove();
      window.removeEventListener("resize", onResize);
      document.removeEventListener("visibilitychange", onVisibility);
      motionQuery.removeEventListener("change", onMotionChange);
    };
  }, []);

  return <div ref={hostRef} aria-hidden="true" className="contents" />;
}
