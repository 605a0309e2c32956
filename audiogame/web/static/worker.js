// The program, in this Web Worker, under Pyodide: the page sends its keys, the worker answers
// with the program's messages, a batch at a time. The program's folder (/data) is kept in the
// browser's IndexedDB: every batch is written there before the page is handed it, so that
// nothing is said that a closed tab could lose.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const PYODIDE = new URL("../pyodide/", import.meta.url).href;
const APP = new URL("../app.zip", import.meta.url).href;
const VERSION = new URL("../version.json", import.meta.url).href;
/** Every big file the program needs, asked for at once as the worker starts (Pyodide would
 * ask for its interpreter only once its script has run, and for the standard library after
 * that), each read once and handed to whoever asks for it first (Pyodide, through
 * ``fetch``, or the archive's unpacking). */
const PRELOADED = [`${PYODIDE}pyodide.asm.wasm`, `${PYODIDE}python_stdlib.zip`,
  `${PYODIDE}pyodide-lock.json`, APP, VERSION];
const sizes = new Map();
const received = new Map();
const network = self.fetch.bind(self);

async function preload(url) {
  const answer = await network(url);
  if (!answer.ok) throw new Error(`${url.split("/").pop()}: ${answer.status}`);
  sizes.set(url, Number(answer.headers.get("Content-Length")) || 0);
  const parts = [];
  let count = 0;
  const reader = answer.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    count += value.length;
    received.set(url, count);
  }
  sizes.set(url, count);
  return new Response(new Blob(parts), { headers: { "Content-Type": answer.headers.get("Content-Type") || "" } });
}

const preloaded = new Map(PRELOADED.map((url) => [url, preload(url)]));
for (const answer of preloaded.values()) answer.catch(() => {});
// The interpreter's script too: Pyodide's own import of it later finds it loaded.
import(`${PYODIDE}pyodide.asm.mjs`).catch(() => {});
self.fetch = (resource, init) => {
  const url = String(resource && resource.url ? resource.url : resource);
  const href = new URL(url, self.location.href).href;
  const kept = preloaded.get(href);
  if (!kept || (init && init.integrity)) return network(resource, init);
  preloaded.delete(href);
  return kept;
};

/** How far the download has got: a whole percent of the bytes of every preloaded file (100
 * once they are all in), or null before every answer has said its size. */
function downloaded() {
  if (sizes.size < PRELOADED.length) return null;
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const got = [...received.values()].reduce((a, b) => a + b, 0);
  return total ? Math.min(100, Math.floor((100 * got) / total)) : 100;
}

/** The page hears how far the loading has got (``phase``: download, python, program). */
function progress(phase) {
  postMessage({ type: "progress", phase, percent: downloaded() });
}

let alone = null;
let py = null;
let saving = Promise.resolve();
let kept = true;

/** Write one mounted folder to IndexedDB (``populate``: read it from there), as
 * ``FS.syncfs`` does for all of them: the game's folder after every batch, the compiled code
 * once. */
function sync(py, path, populate) {
  return new Promise((resolve) => {
    try {
      const mount = py.FS.lookupPath(path).node.mount;
      mount.type.syncfs(mount, populate, (error) => {
        if (error && path === "/data") kept = false;
        resolve();
      });
    } catch {
      if (path === "/data") kept = false;
      resolve();
    }
  });
}

/** Whether this tab holds the game's lock (held as long as the worker lives); true where the
 * browser has no Web Locks. */
function onlyTab() {
  if (!self.navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    self.navigator.locks.request("audiogame-alone", { ifAvailable: true }, (lock) => {
      resolve(Boolean(lock));
      return lock ? new Promise(() => {}) : undefined;
    });
  });
}

async function start(language) {
  const begun = performance.now();
  const phases = {};
  const mark = (name) => { phases[name] = Math.round(performance.now() - begun); };
  let phase = "download";
  const reporting = setInterval(() => progress(phase), 500);
  progress(phase);
  Promise.all(preloaded.values()).then(() => {
    if (phase === "download") phase = "python";
    progress(phase);
  }, () => {});
  let archive;
  try {
    [py, archive] = await Promise.all([
      loadPyodide({ indexURL: PYODIDE }),
      fetch(APP).then((answer) => answer.arrayBuffer()),
    ]);
  } finally {
    clearInterval(reporting);
  }
  mark("pyodide");
  progress("program");
  py.unpackArchive(archive, "zip", { extractDir: "/app" });
  py.FS.mkdirTree("/data");
  py.FS.mkdirTree("/compiled");
  // One tab of this browser keeps the game: another one plays, but keeps nothing (two programs
  // writing one folder would lose moves).
  const onlyHere = await onlyTab();
  try {
    if (!onlyHere) throw new Error("another tab keeps the game");
    py.FS.mount(py.FS.filesystems.IDBFS, {}, "/data");
    py.FS.mount(py.FS.filesystems.IDBFS, {}, "/compiled");
    await Promise.all([sync(py, "/data", true), sync(py, "/compiled", true)]);
  } catch {
    kept = false;
  }
  mark("storage");
  self.postBatch = (text) => {
    // In order, each after the one before has been kept.
    saving = saving.then(async () => {
      if (kept) await sync(py, "/data", false);
      postMessage({ type: "batch", batch: JSON.parse(text) });
    });
  };
  self.postNow = (text) => postMessage({ type: "batch", batch: JSON.parse(text) });
  // The program's compiled code is kept in a folder of its own: the next visits skip compiling it.
  const version = (await (await fetch(VERSION)).json()).version;
  py.runPython(`
import sys
sys.path.insert(0, "/app")
import os, shutil
# The archive's files get the time they were unpacked; one fixed time instead keeps the compiled
# code of the last visit valid for this one.
for root, _folders, names in os.walk("/app"):
    for name in names:
        os.utime(os.path.join(root, name), (1577836800, 1577836800))
compiled = "/compiled"
for older in os.listdir(compiled) if os.path.isdir(compiled) else []:
    if older != ${JSON.stringify(String(version))}:
        shutil.rmtree(os.path.join(compiled, older), ignore_errors=True)
sys.pycache_prefix = os.path.join(compiled, ${JSON.stringify(String(version))})
import js
from audiogame.web.alone import PageAlone, encode
`);
  mark("imports");
  py.runPython(`
alone = PageAlone("/data", ${JSON.stringify(language)}, lambda batch: js.postBatch(encode(batch)),
                  lambda batch: js.postNow(encode(batch)))
`);
  alone = py.globals.get("alone");
  alone.start();
  mark("started");
  // The code compiled at this visit, kept for the next ones (once the first words are out).
  if (kept) saving = saving.then(() => sync(py, "/compiled", false));
  postMessage({ type: "ready", kept, elsewhere: !onlyHere, phases });
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
    else if (message.type === "export" && alone) alone.export_game();
    else if (message.type === "import" && alone) {
      alone.import_game(String(message.name), py.toPy(new Uint8Array(message.data)));
    }
  } catch (error) {
    failed(error);
  }
};
