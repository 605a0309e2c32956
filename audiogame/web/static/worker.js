// The program, in this Web Worker, under Pyodide: the page sends its keys, the worker answers
// with the program's messages, a batch at a time. The program's folder (/data) is kept in the
// browser's IndexedDB: every batch is written there before the page is handed it, so that
// nothing is said that a closed tab could lose.
import { loadPyodide } from "../pyodide/pyodide.mjs";

let alone = null;
let saving = Promise.resolve();
let kept = true;

function syncfs(py, populate) {
  return new Promise((resolve) => {
    py.FS.syncfs(populate, (error) => {
      if (error) kept = false;
      resolve();
    });
  });
}

async function start(language) {
  const begun = performance.now();
  const py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const archive = await fetch(new URL("../app.zip", import.meta.url));
  if (!archive.ok) throw new Error(`app.zip: ${archive.status}`);
  py.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: "/app" });
  py.FS.mkdirTree("/data");
  try {
    py.FS.mount(py.FS.filesystems.IDBFS, {}, "/data");
    await syncfs(py, true);
  } catch {
    kept = false;
  }
  self.postBatch = (text) => {
    // In order, each after the one before has been kept.
    saving = saving.then(async () => {
      if (kept) await syncfs(py, false);
      postMessage({ type: "batch", batch: JSON.parse(text) });
    });
  };
  self.postNow = (text) => postMessage({ type: "batch", batch: JSON.parse(text) });
  py.runPython(`
import sys
sys.path.insert(0, "/app")
import js
from audiogame.web.alone import PageAlone, encode
alone = PageAlone("/data", ${JSON.stringify(language)}, lambda batch: js.postBatch(encode(batch)),
                  lambda batch: js.postNow(encode(batch)))
`);
  alone = py.globals.get("alone");
  postMessage({ type: "ready", kept, seconds: (performance.now() - begun) / 1000 });
  alone.start();
}

function failed(error) {
  console.error(String(error && error.message || error));
  postMessage({ type: "failed", reason: String(error && error.message || error).split("\n").slice(-2).join(" ") });
}

self.onmessage = (event) => {
  const message = event.data || {};
  try {
    if (message.type === "start") start(message.language).catch(failed);
    else if (message.type === "key" && alone) alone.key(String(message.key));
    else if (message.type === "pick" && alone) alone.pick(Number(message.index) | 0);
  } catch (error) {
    failed(error);
  }
};
