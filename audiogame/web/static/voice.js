// The browser's own voice (Web Speech API), for players without a screen reader.
import { settings } from "./settings.js";

export const voiceAvailable = typeof window.speechSynthesis !== "undefined";

export function speak(text, interrupt) {
  if (!settings.voice || !voiceAvailable) return;
  if (interrupt) window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = document.documentElement.lang;
  utterance.rate = Number(settings.rate);
  utterance.volume = Number(settings.volume);
  window.speechSynthesis.speak(utterance);
}

export function silence() {
  if (voiceAvailable) window.speechSynthesis.cancel();
}
