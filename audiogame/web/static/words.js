// The page's words, in its language: handed over by the server inside the page.
const words = JSON.parse(document.getElementById("words").textContent);

/** The word `key` with its `{placeholders}` filled from `values`. */
export function word(key, values = {}) {
  const text = words[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
