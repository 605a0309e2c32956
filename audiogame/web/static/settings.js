// The player's options, kept in the browser (localStorage) from one visit to the next.
const KEY = "audiogame.options";
const DEFAULTS = { voice: false, rate: 1.2, volume: 1, cues: true, cue_volume: 0.8, auto_pass: false };

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export const settings = load();

export function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // A browser that keeps nothing: the options last for this visit.
  }
}
