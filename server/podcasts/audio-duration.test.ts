import { describe, expect, it } from "vitest";
import { readAudioDuration } from "./audio-duration";

function wav(seconds: number, { sampleRate = 8000, channels = 1, bits = 16 } = {}) {
  const byteRate = sampleRate * channels * (bits / 8);
  const dataSize = Math.round(seconds * byteRate);
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write("RIFF", 0, "latin1");
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write("WAVE", 8, "latin1");
  buffer.write("fmt ", 12, "latin1");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(byteRate, 28);
  buffer.writeUInt16LE(channels * (bits / 8), 32);
  buffer.writeUInt16LE(bits, 34);
  buffer.write("data", 36, "latin1");
  buffer.writeUInt32LE(dataSize, 40);
  return buffer;
}

/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz, stereo: 417-byte frames of 1152 samples. */
const FRAME_HEADER = [0xff, 0xfb, 0x90, 0x00];
const FRAME_LENGTH = 417;

function mp3Frames(count: number) {
  const frames = Buffer.alloc(count * FRAME_LENGTH);
  for (let index = 0; index < count; index++) frames.set(FRAME_HEADER, index * FRAME_LENGTH);
  return frames;
}

function id3(size: number) {
  const tag = Buffer.alloc(10 + size);
  tag.write("ID3", 0, "latin1");
  tag[3] = 4;
  tag[6] = (size >> 21) & 0x7f;
  tag[7] = (size >> 14) & 0x7f;
  tag[8] = (size >> 7) & 0x7f;
  tag[9] = size & 0x7f;
  return tag;
}

describe("reading an audio file's duration", () => {
  it("reads a WAV file's length from its byte rate and data size", () => {
    expect(readAudioDuration(wav(3))).toBe(3);
    expect(readAudioDuration(wav(90, { sampleRate: 4000 }))).toBe(90);
  });

  it("reads a constant bit rate MP3 after an ID3 tag", () => {
    // 1000 frames of 1152 samples at 44.1 kHz is 26.1 s.
    const file = Buffer.concat([id3(300), mp3Frames(1000)]);
    expect(readAudioDuration(file)).toBe(26);
  });

  it("prefers the frame count of a Xing header (variable bit rate)", () => {
    const frames = mp3Frames(10);
    // Side info of MPEG-1 stereo is 32 bytes: the tag follows it.
    frames.write("Xing", 4 + 32, "latin1");
    frames.writeUInt32BE(1, 4 + 32 + 4);
    frames.writeUInt32BE(2297, 4 + 32 + 8); // 2297 * 1152 / 44100 = 60.0 s
    expect(readAudioDuration(frames)).toBe(60);
  });

  it("gives up on files it cannot read", () => {
    expect(readAudioDuration(Buffer.from("not audio at all"))).toBeUndefined();
    expect(readAudioDuration(new Uint8Array(0))).toBeUndefined();
  });
});
