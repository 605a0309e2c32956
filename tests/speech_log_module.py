"""The screen-reader tests' speech: what speech-dispatcher's ``generic`` output module runs for
each message (``python3 speech_log_module.py LOG WPM SINK TEXT``). It writes a line to ``LOG``
when the utterance starts and another when it ends (JSON: the event, the monotonic and wall
clocks, the text), and in between speaks it with espeak-ng at ``WPM`` words a minute into the
PulseAudio sink ``SINK`` (a null sink), so that speech takes its real time. speech-dispatcher
kills it when the screen reader cuts the utterance short: then there is a start and no end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time


def note(log: str, event: str, text: str) -> None:
    line = json.dumps({"event": event, "t": time.monotonic(), "wall": time.time(), "text": text})
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (line + "\n").encode("utf-8"))
    finally:
        os.close(fd)


def main(argv: list[str]) -> int:
    log, wpm, sink, text = argv[1], argv[2], argv[3], " ".join(argv[4:]).strip()
    if not text:
        return 0
    note(log, "start", text)
    with tempfile.NamedTemporaryFile(suffix=".wav") as wav:
        subprocess.run(["espeak-ng", "-s", wpm, "-w", wav.name, "--", text], check=False)
        subprocess.run(["paplay", f"--device={sink}", wav.name], check=False)
    note(log, "end", text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
