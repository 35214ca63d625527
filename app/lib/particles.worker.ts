/**
 * The particle background's worker: it draws on the OffscreenCanvases the page transferred,
 * so the animation never runs on the page's main thread. It answers "drawn" after the
 * first frame.
 */
import { createParticleScene, type SceneMessage } from "./particle-scene";

type WorkerScope = {
  onmessage: ((event: MessageEvent<SceneMessage>) => void) | null;
  postMessage(message: unknown): void;
  requestAnimationFrame?: (callback: (now: number) => void) => number;
  cancelAnimationFrame?: (id: number) => void;
};
const scope = self as unknown as WorkerScope;

// Dedicated workers have requestAnimationFrame in Chromium and Firefox; a timer elsewhere.
const requestFrame = scope.requestAnimationFrame
  ? (callback: (now: number) => void) => scope.requestAnimationFrame!(callback)
  : (callback: (now: number) => void) => Number(setTimeout(() => callback(performance.now()), 16));
const cancelFrame = scope.cancelAnimationFrame
  ? (id: number) => scope.cancelAnimationFrame!(id)
  : (id: number) => clearTimeout(id);

let scene: ReturnType<typeof createParticleScene> | undefined;

scope.onmessage = ({ data: message }) => {
  if (message.type === "start") {
    scene = createParticleScene({
      canvas: message.canvas,
      glow: message.glow,
      requestFrame,
      cancelFrame,
      now: () => performance.now(),
      onFirstFrame: () => scope.postMessage({ type: "drawn" }),
    });
    scene.resize(message.size);
    scene.setReduced(message.isReduced);
    scene.setRunning(message.isRunning);
  } else if (message.type === "resize") scene?.resize(message.size);
  else if (message.type === "motion") scene?.setReduced(message.isReduced);
  else if (message.type === "run") scene?.setRunning(message.isRunning);
};
