/**
 * The playing time of an audio file, read from its headers: WAV (byte rate and
 * data size) and MP3 (a Xing/Info or VBRI frame count, else the constant bit
 * rate). Other formats, or files too damaged to tell, give undefined and staff
 * type the duration in.
 */
export function readAudioDuration(bytes: Uint8Array): number | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    buffer.length >= 12 &&
    buffer.toString("latin1", 0, 4) === "RIFF" &&
    buffer.toString("latin1", 8, 12) === "WAVE"
  )
    return wavDuration(buffer);
  return mp3Duration(buffer);
}

function wavDuration(buffer: Buffer) {
  let byteRate: number | undefined;
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString("latin1", offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === "fmt " && offset + 16 <= buffer.length) byteRate = buffer.readUInt32LE(offset + 16);
    if (id === "data") {
      if (!byteRate) return undefined;
      // A streamed WAV may say 0 or 0xFFFFFFFF: the rest of the file is the data then.
      const available = buffer.length - offset - 8;
      const dataSize = size === 0 || size === 0xffffffff || size > available ? available : size;
      return roundSeconds(dataSize / byteRate);
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

// Bit rates in kbit/s by [MPEG-1?][layer index] and the 4-bit index.
const BITRATES = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = [44100, 48000, 32000];

type FrameHeader = {
  bitrate: number;
  sampleRate: number;
  samplesPerFrame: number;
  frameLength: number;
  isMono: boolean;
  isMpeg1: boolean;
};

function parseFrameHeader(buffer: Buffer, offset: number): FrameHeader | undefined {
  if (offset + 4 > buffer.length) return undefined;
  const header = buffer.readUInt32BE(offset);
  if ((header & 0xffe00000) >>> 0 !== 0xffe00000) return undefined;
  const versionBits = (header >>> 19) & 3; // 0: 2.5, 2: 2, 3: 1
  const layerBits = (header >>> 17) & 3; // 1: III, 2: II, 3: I
  const bitrateIndex = (header >>> 12) & 15;
  const sampleIndex = (header >>> 10) & 3;
  if (
    versionBits === 1 ||
    layerBits === 0 ||
    bitrateIndex === 0 ||
    bitrateIndex === 15 ||
    sampleIndex === 3
  )
    return undefined;
  const isMpeg1 = versionBits === 3;
  const layer = 4 - layerBits;
  const table = isMpeg1
    ? layer === 1
      ? BITRATES.v1l1
      : layer === 2
        ? BITRATES.v1l2
        : BITRATES.v1l3
    : layer === 1
      ? BITRATES.v2l1
      : BITRATES.v2l23;
  const bitrate = table[bitrateIndex] * 1000;
  const sampleRate =
    SAMPLE_RATES[sampleIndex] / (versionBits === 3 ? 1 : versionBits === 2 ? 2 : 4);
  const padding = (header >>> 9) & 1;
  const samplesPerFrame = layer === 1 ? 384 : layer === 3 && !isMpeg1 ? 576 : 1152;
  const frameLength =
    layer === 1
      ? Math.floor((12 * bitrate) / sampleRate + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
  const isMono = ((header >>> 6) & 3) === 3;
  return { bitrate, sampleRate, samplesPerFrame, frameLength, isMono, isMpeg1 };
}

function mp3Duration(buffer: Buffer) {
  let offset = 0;
  // An ID3v2 tag comes first: its size is a 28-bit "synchsafe" number.
  if (buffer.length >= 10 && buffer.toString("latin1", 0, 3) === "ID3") {
    const size =
      ((buffer[6] & 0x7f) << 21) |
      ((buffer[7] & 0x7f) << 14) |
      ((buffer[8] & 0x7f) << 7) |
      (buffer[9] & 0x7f);
    offset = 10 + size + (buffer[5] & 0x10 ? 10 : 0);
  }
  // The first frame: a header followed by another header where the length says.
  const searchEnd = Math.min(buffer.length - 4, offset + 64 * 1024);
  let frame: FrameHeader | undefined;
  for (; offset < searchEnd; offset++) {
    if (buffer[offset] !== 0xff) continue;
    const candidate = parseFrameHeader(buffer, offset);
    if (!candidate) continue;
    const next = offset + candidate.frameLength;
    if (next + 4 > buffer.length || parseFrameHeader(buffer, next)) {
      frame = candidate;
      break;
    }
  }
  if (!frame) return undefined;

  // A Xing/Info frame (LAME) or a VBRI frame (Fraunhofer) counts the frames.
  const sideInfo = frame.isMpeg1 ? (frame.isMono ? 17 : 32) : frame.isMono ? 9 : 17;
  const xingAt = offset + 4 + sideInfo;
  const tag = buffer.toString("latin1", xingAt, xingAt + 4);
  if ((tag === "Xing" || tag === "Info") && xingAt + 12 <= buffer.length) {
    const flags = buffer.readUInt32BE(xingAt + 4);
    if (flags & 1) {
      const frames = buffer.readUInt32BE(xingAt + 8);
      if (frames > 0) return roundSeconds((frames * frame.samplesPerFrame) / frame.sampleRate);
    }
  }
  const vbriAt = offset + 36;
  if (buffer.toString("latin1", vbriAt, vbriAt + 4) === "VBRI" && vbriAt + 18 <= buffer.length) {
    const frames = buffer.readUInt32BE(vbriAt + 14);
    if (frames > 0) return roundSeconds((frames * frame.samplesPerFrame) / frame.sampleRate);
  }
  // Constant bit rate: the audio bytes over the bytes per second (an ID3v1 tag at the end is not audio).
  let audioBytes = buffer.length - offset;
  if (
    buffer.length >= 128 &&
    buffer.toString("latin1", buffer.length - 128, buffer.length - 125) === "TAG"
  )
    audioBytes -= 128;
  return roundSeconds((audioBytes * 8) / frame.bitrate);
}

function roundSeconds(seconds: number) {
  return Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.round(seconds)) : undefined;
}
