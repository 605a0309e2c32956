// Sound cues through Web Audio: the same OGG files as the terminal game, placed left to right
// by the seat that caused them. Browsers let a page play sound only after a key or a click:
// the first one starts it, and the page says so once.
import { settings } from "./settings.js";

const NAME = /^[a-z0-9_]+$/;

export class Cues {
  constructor(tell, base = "/sounds/") {
    this.tell = tell;
    this.base = base;
    this.context = null;
    this.buffers = new Map();
    this.played = [];
  }

  /** The first key or click: sound may start now. */
  start() {
    if (this.context || this.failed) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) {
      this.failed = true;
      this.tell("no_audio");
      return;
    }
    this.context = new Context();
    this.context.resume().catch(() => {});
    this.tell(settings.cues ? "sound_on" : "sound_off");
  }

  buffer(name) {
    if (!this.buffers.has(name)) {
      const loading = fetch(`${this.base}${name}.ogg`)
        .then((answer) => (answer.ok ? answer.arrayBuffer() : Promise.reject(answer.status)))
        .then((data) => this.context.decodeAudioData(data))
        .catch(() => null);
      this.buffers.set(name, loading);
    }
    return this.buffers.get(name);
  }

  play(name, pan = 0) {
    if (!name || !NAME.test(name) || !settings.cues || !this.context) return;
    this.played.push([name, pan]);
    this.buffer(name).then((buffer) => {
      if (!buffer) return;
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      const panner = this.context.createStereoPanner();
      panner.pan.value = Math.max(-1, Math.min(1, Number(pan) || 0));
      const gain = this.context.createGain();
      gain.gain.value = Number(settings.cue_volume);
      source.connect(panner).connect(gain).connect(this.context.destination);
      source.start();
    });
  }
}
