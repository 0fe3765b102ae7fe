/* exported NoteColors */
"use strict";

// Note colours, the same as the SVG's (PianoRollRender's NoteColoring and RGBColor): one colour
// per track, or by pitch (rainbow by pitch class, fire and ocean as gradients over the song's
// pitches); velocity is intensity, the colour mixed with the white background from 30 % at
// velocity 1 to the full colour at 127.
const NoteColors = (() => {
  const TRACK_PALETTE = [0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0xb07aa1, 0x76b7b2, 0xedc948, 0xff9da7, 0x9c755f, 0x79706e];
  const FIRE = [0x5c0000, 0xc41e00, 0xff7a00, 0xffd21f];
  const OCEAN = [0x08214f, 0x1456b8, 0x0a9ad8, 0x00e0f0];
  const MINIMUM_INTENSITY = 0.3;
  const SCHEMES = ["track", "rainbow", "fire", "ocean"];

  function channels(hex) {
    return [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
  }

  /** `a` moved `amount` of the way to `b`, each channel rounded (halves away from zero). */
  function mix(a, b, amount) {
    const t = Math.min(1, Math.max(0, amount));
    return a.map((value, i) => Math.round(value + (b[i] - value) * t));
  }

  function hsl(hue, saturation, lightness) {
    const h = (((hue % 360) + 360) % 360) / 60;
    const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
    const second = chroma * (1 - Math.abs((h % 2) - 1));
    const rgb = [
      [chroma, second, 0], [second, chroma, 0], [0, chroma, second],
      [0, second, chroma], [second, 0, chroma], [chroma, 0, second],
    ][Math.min(5, Math.floor(h))];
    const offset = lightness - chroma / 2;
    return rgb.map((value) => Math.min(255, Math.max(0, Math.round((value + offset) * 255))));
  }

  function gradient(stops, position) {
    const scaled = Math.min(1, Math.max(0, position)) * (stops.length - 1);
    const index = Math.min(stops.length - 2, Math.floor(scaled));
    return mix(channels(stops[index]), channels(stops[index + 1]), scaled - index);
  }

  /** The scheme's colour of a note at full velocity, as [r, g, b]. */
  function base(scheme, pitch, colorIndex, low, high) {
    if (scheme === "rainbow") return hsl((pitch % 12) * 30, 0.85, 0.48);
    if (scheme === "fire" || scheme === "ocean") {
      const span = high - low;
      const position = span > 0 ? (pitch - low) / span : 0.5;
      return gradient(scheme === "fire" ? FIRE : OCEAN, position);
    }
    return channels(TRACK_PALETTE[Math.max(0, colorIndex) % TRACK_PALETTE.length]);
  }

  /** A colour at a velocity's intensity. */
  function fill(rgb, velocity) {
    const loudness = (Math.min(127, Math.max(1, velocity)) - 1) / 126;
    return mix([255, 255, 255], rgb, MINIMUM_INTENSITY + (1 - MINIMUM_INTENSITY) * loudness);
  }

  function css(rgb) {
    return "#" + rgb.map((value) => value.toString(16).padStart(2, "0")).join("");
  }

  /** Fill colours as CSS text, cached per scheme, colour key and velocity. */
  class Palette {
    constructor(scheme, low, high) {
      this.scheme = SCHEMES.includes(scheme) ? scheme : "track";
      this.low = low;
      this.high = high;
      this.cache = new Map();
      this.rgbCache = new Map();
    }

    /** The CSS fill of a note. */
    fill(pitch, colorIndex, velocity) {
      const key = (this.scheme === "track" ? colorIndex : pitch) * 128 + velocity;
      let text = this.cache.get(key);
      if (text === undefined) {
        text = css(fill(base(this.scheme, pitch, colorIndex, this.low, this.high), velocity));
        this.cache.set(key, text);
      }
      return text;
    }

    /** The [r, g, b] fill of a note (the minimap writes pixels), cached like ``fill``. */
    rgb(pitch, colorIndex, velocity) {
      const key = (this.scheme === "track" ? colorIndex : pitch) * 128 + velocity;
      let value = this.rgbCache.get(key);
      if (value === undefined) {
        value = fill(base(this.scheme, pitch, colorIndex, this.low, this.high), velocity);
        this.rgbCache.set(key, value);
      }
      return value;
    }
  }

  return { Palette, SCHEMES, TRACK_PALETTE, base, fill, css };
})();
