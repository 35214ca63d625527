import { useEffect, useRef } from "react";
import {
  cycleColour,
  LINK_DISTANCE,
  particleCount,
  pixelRatio,
  REDUCED_MOTION_FACTOR,
} from "#app/lib/particles.ts";

type Particle = { x: number; y: number; vx: number; vy: number; r: number };

/**
 * The glow is a soft gradient whose colour moves over a minute: it is drawn on a canvas at
 * an eighth of the size (stretched by CSS, which looks the same for a blur) a few times a
 * second, so each frame only redraws the particles and their links.
 */
const GLOW_SCALE = 8;
const GLOW_REDRAW_MS = 250;

/**
 * The animated particle-and-glow background. Decorative only: hidden from
 * assistive technology and transparent to clicks.
 */
export function ParticleBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const glowRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    const glowCanvas = glowRef.current;
    const glowContext = glowCanvas?.getContext("2d");
    if (!canvas || !context || !glowCanvas || !glowContext) return;

    const motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");
    let speed = motionQuery.matches ? REDUCED_MOTION_FACTOR : 1;
    let particles: Particle[] = [];
    let width = 0;
    let height = 0;
    let frame = 0;
    let clock = 0;
    let last = performance.now();
    let glowDrawnAt = Number.NEGATIVE_INFINITY;

    function drawGlow(r: number, g: number, b: number) {
      if (!glowCanvas || !glowContext) return;
      const w = glowCanvas.width;
      const h = glowCanvas.height;
      glowContext.clearRect(0, 0, w, h);
      const glow = glowContext.createRadialGradient(
        w * 0.75,
        h * 0.2,
        0,
        w * 0.75,
        h * 0.2,
        Math.max(w, h) * 0.6,
      );
      glow.addColorStop(0, `rgba(${r},${g},${b},0.16)`);
      glow.addColorStop(1, "rgba(5,7,15,0)");
      glowContext.fillStyle = glow;
      glowContext.fillRect(0, 0, w, h);
    }

    function resize() {
      if (!canvas || !context) return;
      width = window.innerWidth;
      height = window.innerHeight;
      const ratio = pixelRatio(window.devicePixelRatio);
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (glowCanvas) {
        glowCanvas.width = Math.max(1, Math.ceil(width / GLOW_SCALE));
        glowCanvas.height = Math.max(1, Math.ceil(height / GLOW_SCALE));
      }
      glowDrawnAt = Number.NEGATIVE_INFINITY;
      const count = particleCount(width, height);
      particles = Array.from(
        { length: count },
        (_, index) =>
          particles[index] ?? {
            x: Math.random() * width,
            y: Math.random() * height,
            vx: (Math.random() - 0.5) * 0.35,
            vy: (Math.random() - 0.5) * 0.35,
            r: 1 + Math.random() * 1.6,
          },
      );
      canvas.dataset.particles = String(count);
    }

    function draw(now: number) {
      if (!context) return;
      const delta = Math.min(now - last, 64);
      last = now;
      clock += delta * speed;
      const [r, g, b] = cycleColour(clock);
      context.clearRect(0, 0, width, height);
      if (now - glowDrawnAt >= GLOW_REDRAW_MS) {
        drawGlow(r, g, b);
        glowDrawnAt = now;
      }

      const step = (delta / 16) * speed;
      for (const particle of particles) {
        particle.x += particle.vx * step;
        particle.y += particle.vy * step;
        if (particle.x < 0 || particle.x > width) particle.vx *= -1;
        if (particle.y < 0 || particle.y > height) particle.vy *= -1;
      }
      for (let i = 0; i < particles.length; i++) {
        const a = particles[i];
        for (let j = i + 1; j < particles.length; j++) {
          const bParticle = particles[j];
          const distance = Math.hypot(a.x - bParticle.x, a.y - bParticle.y);
          if (distance < LINK_DISTANCE) {
            context.strokeStyle = `rgba(${r},${g},${b},${(1 - distance / LINK_DISTANCE) * 0.35})`;
            context.lineWidth = 1;
            context.beginPath();
            context.moveTo(a.x, a.y);
            context.lineTo(bParticle.x, bParticle.y);
            context.stroke();
          }
        }
      }
      context.fillStyle = `rgba(${r},${g},${b},0.85)`;
      for (const particle of particles) {
        context.beginPath();
        context.arc(particle.x, particle.y, particle.r, 0, Math.PI * 2);
        context.fill();
      }
      frame = requestAnimationFrame(draw);
    }

    function start() {
      cancelAnimationFrame(frame);
      last = performance.now();
      frame = requestAnimationFrame(draw);
      if (canvas) canvas.dataset.running = "true";
    }
    function stop() {
      cancelAnimationFrame(frame);
      if (canvas) canvas.dataset.running = "false";
    }
    function onVisibility() {
      if (document.hidden) stop();
      else start();
    }
    function onMotionChange() {
      speed = motionQuery.matches ? REDUCED_MOTION_FACTOR : 1;
      if (canvas) canvas.dataset.motion = motionQuery.matches ? "reduced" : "full";
    }

    resize();
    onMotionChange();
    if (!document.hidden) start();
    window.addEventListener("resize", resize);
    document.addEventListener("visibilitychange", onVisibility);
    motionQuery.addEventListener("change", onMotionChange);
    return () => {
      stop();
      window.removeEventListener("resize", resize);
      document.removeEventListener("visibilitychange", onVisibility);
      motionQuery.removeEventListener("change", onMotionChange);
    };
  }, []);

  return (
    <>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas is not focusable; this one is decoration */}
      <canvas
        ref={glowRef}
        aria-hidden="true"
        className="pointer-events-none fixed inset-0 -z-10 h-full w-full"
      />
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas is not focusable; this one is decoration */}
      <canvas
        ref={canvasRef}
        aria-hidden="true"
        data-testid="particle-background"
        className="pointer-events-none fixed inset-0 -z-10"
      />
    </>
  );
}
