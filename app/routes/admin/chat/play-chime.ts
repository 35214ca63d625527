/** A short two-tone chime, made on the spot (no audio file to load). */
export function playChime() {
  try {
    const audio = new AudioContext();
    for (const [index, frequency] of [880, 1320].entries()) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, audio.currentTime + index * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + index * 0.12 + 0.25);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + index * 0.12);
      oscillator.stop(audio.currentTime + index * 0.12 + 0.3);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // no sound available: the badge still shows
  }
}
