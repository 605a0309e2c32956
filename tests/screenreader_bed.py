"""The screen-reader test bed: a real screen reader (Debian's Orca) reading a real browser
(Chromium, not headless) on a virtual X display, as a blind player's machine runs them.

One :class:`Bed` starts, in a private folder, Xvfb, a D-Bus session bus, the AT-SPI
accessibility bus, PulseAudio with a null sink, speech-dispatcher whose only output module is
``tests/speech_log_module.py`` (every utterance logged when it starts and when it ends, spoken
by espeak-ng into the null sink so that it takes its real time), and Orca with a settings file
of its own (a fast rate, no tutorial messages). Keys are real X key presses (xdotool), so that
Orca sees them as a keyboard does. Everything is stopped at the end.

Where a package is missing the tests skip with the reason (``scripts/install-screenreader-test-
deps`` installs them); with ``AUDIOGAME_REQUIRE_SYSTEM_TESTS=1`` they fail instead.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.system_deps import missing_programs, need

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "tests" / "speech_log_module.py"
INSTALL = "scripts/install-screenreader-test-deps"
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
DRIVER = "/usr/bin/chromedriver"
PROGRAMS = ("orca", "Xvfb", "xdotool", "dbus-daemon", "speech-dispatcher", "espeak-ng",
            "pulseaudio", "pactl", "paplay", "chromium", "sakura", "bash")  # fmt: skip
SINK = "speech"
WPM = 450
"""espeak-ng's words a minute: a fast rate, as many blind players set it."""
WAIT = 60.0
"""Seconds a test waits for something to be spoken before it fails: generous, for a loaded
machine (the tests wait on the speech log, never for a fixed time)."""


def require() -> None:
    missing = missing_programs(PROGRAMS)
    for path in (LAUNCHER, DRIVER):
        if not Path(path).exists():
            missing.append(path)
    need(missing, INSTALL)


@dataclass(frozen=True)
class Utterance:
    """One utterance the screen reader started: when (monotonic and wall clock), its text, and
    when it ended (``None``: cut short by the next one)."""

    start: float
    wall: float
    text: str
    end: float | None


ORCA_SETTINGS: dict[str, Any] = {
    "enableSpeech": True,
    "speechServerFactory": "orca.speechdispatcherfactory",
    "speechServerInfo": ["Default Synthesizer", "default"],
    "enableTutorialMessages": False,
    "enableMnemonicSpeaking": False,
    "enablePositionSpeaking": False,
    "enableSpeechIndentation": False,
    "onlySpeakDisplayedText": False,
    "enableEchoByCharacter": False,
    "enableEchoByWord": False,
    "enableKeyEcho": False,
    "enablePrintableKeys": False,
    "enableModifierKeys": False,
    "enableFunctionKeys": False,
    "enableActionKeys": False,
    "enableNavigationKeys": False,
    "enableDiacriticalKeys": False,
    "enableSound": False,
    "enableBraille": False,
    "enableBrailleMonitor": False,
    "speakNumbersAsDigits": False,
    "verbalizePunctuationStyle": 3,
    "sayAllOnLoad": False,
    "pageSummaryOnLoad": False,
    "structuralNavigationEnabled": True,
    "firstStartCompleted": True,
    "startingProfile": ["Default", "default"],
    "activeProfile": ["Default", "default"],
    "profile": ["Default", "default"],
    "voices": {
        "default": {"established": True, "rate": 90, "family": {}},
        "uppercase": {"established": False},
        "hyperlink": {"established": False},
        "system": {"established": False},
    },
}


class Bed:
    """The whole stack in ``folder``; :meth:`stop` (or the context manager) ends it all."""

    def __init__(self, folder: Path, read_on_load: bool = False) -> None:
        self.folder = folder
        self.read_on_load = read_on_load
        self.log = folder / "speech.jsonl"
        self.processes: list[tuple[str, subprocess.Popen[bytes]]] = []
        home = folder / "home"
        runtime = folder / "run"
        for path in (home, runtime, folder / "speechd" / "modules", folder / "logs"):
            path.mkdir(parents=True, exist_ok=True)
        runtime.chmod(0o700)
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(home),
            "LANG": "C.UTF-8",
            "XDG_RUNTIME_DIR": str(runtime),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "PULSE_SERVER": f"unix:{runtime / 'pulse' / 'native'}",
            "PULSE_RUNTIME_PATH": str(runtime / "pulse"),
            "SPEECHD_ADDRESS": f"unix_socket:{runtime / 'speechd.sock'}",
            "ACCESSIBILITY_ENABLED": "1",
            "GTK_A11Y": "atspi",
            "NO_AT_BRIDGE": "0",
        }

    # ----- starting ------------------------------------------------------------------------
    def spawn(self, name: str, args: list[str], **options: Any) -> subprocess.Popen[bytes]:
        log = open(self.folder / "logs" / f"{name}.log", "ab")  # noqa: SIM115 (kept by the process)
        process = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=options.pop("stdout", log), stderr=log,
            env=options.pop("env", self.env), start_new_session=True, **options,
        )  # fmt: skip
        log.close()
        self.processes.append((name, process))
        return process

    def start(self) -> None:
        self.start_x()
        self.start_dbus()
        self.spawn("at-spi-bus", [LAUNCHER, "--launch-immediately"])
        self.start_pulse()
        self.start_speech()
        self.start_orca()

    def start_x(self) -> None:
        read, write = os.pipe()
        self.spawn("xvfb", ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                            "-nolisten", "tcp", "-noreset"], pass_fds=(write,))  # fmt: skip
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError(f"Xvfb did not start: {self.log_text('xvfb')}")
        self.env["DISPLAY"] = f":{number}"

    def start_dbus(self) -> None:
        process = self.spawn("dbus", ["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                      "--print-address=1"], stdout=subprocess.PIPE)  # fmt: skip
        assert process.stdout is not None
        address = process.stdout.readline().decode().strip()
        if not address:
            raise RuntimeError(f"no D-Bus session bus: {self.log_text('dbus')}")
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address

    def start_pulse(self) -> None:
        socket = Path(self.env["PULSE_RUNTIME_PATH"]) / "native"
        socket.parent.mkdir(mode=0o700, exist_ok=True)
        self.spawn("pulseaudio", [
            "pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
            "--log-target=stderr", "--log-level=error",
            "-L", f"module-native-protocol-unix auth-anonymous=1 socket={socket}",
            "-L", f"module-null-sink sink_name={SINK} rate=22050 channels=1",
        ])  # fmt: skip
        self.until(lambda: subprocess.run(["pactl", "set-default-sink", SINK], env=self.env,
                                          capture_output=True).returncode == 0,
                   "PulseAudio did not start", "pulseaudio")  # fmt: skip

    def start_speech(self) -> None:
        config = self.folder / "speechd"
        command = f"{sys.executable} {MODULE} {self.log} {WPM} {SINK} \\'$DATA\\'"
        (config / "modules" / "logger.conf").write_text(
            f'GenericExecuteSynth "{command}"\n'
            'GenericCmdDependency "espeak-ng"\n'
            'GenericDelimiters "~"\n'
            "GenericMaxChunkLength 100000\n"
            'GenericStripPunctChars ""\n'
            'GenericLanguage "en" "en" "utf-8"\n'
            'AddVoice "en" "MALE1" "en"\n'
        )
        (config / "speechd.conf").write_text(
            'AddModule "logger" "sd_generic" "logger.conf"\n'
            'DefaultModule "logger"\n'
            'DefaultLanguage "en"\n'
            'LanguageDefaultModule "en" "logger"\n'
            'AudioOutputMethod "pulse"\n'
            "Timeout 0\n"
        )
        socket = Path(self.env["SPEECHD_ADDRESS"].split(":", 1)[1])
        self.spawn(
            "speech-dispatcher",
            [
                "speech-dispatcher",
                "-s",
                "-t",
                "0",
                "-C",
                str(config),
                "-S",
                str(socket),
                "-L",
                str(self.folder / "logs"),
            ],
        )
        self.until(socket.exists, "speech-dispatcher did not start", "speech-dispatcher")

    def start_orca(self) -> None:
        folder = Path(self.env["XDG_DATA_HOME"]) / "orca"
        folder.mkdir(parents=True, exist_ok=True)
        settings = dict(ORCA_SETTINGS)
        if self.read_on_load:  # Orca's own defaults: a page is read whole when it has loaded
            settings.update(sayAllOnLoad=True, pageSummaryOnLoad=True)
        (folder / "user-settings.conf").write_text(json.dumps({
            "general": settings, "keybindings": {}, "pronunciations": {},
            "profiles": {"default": dict(settings)},
        }, indent=1))  # fmt: skip
        subprocess.run(
            [
                "gsettings",
                "set",
                "org.gnome.desktop.a11y.applications",
                "screen-reader-enabled",
                "true",
            ],
            env=self.env,
            capture_output=True,
        )
        self.spawn("orca", ["orca", "--replace", "--debug-file",
                            str(self.folder / "logs" / "orca-debug.txt")])  # fmt: skip
        self.wait_spoken(lambda text: "Screen reader on" in text, "Orca never said it started")

    # ----- what was said -------------------------------------------------------------------
    def utterances(self) -> list[Utterance]:
        """Every utterance started so far, in order, with its end where it had one."""
        if not self.log.exists():
            return []
        said: list[Utterance] = []
        open_ones: dict[str, int] = {}
        for line in self.log.read_text(encoding="utf-8").splitlines():
            with contextlib.suppress(ValueError):
                entry = json.loads(line)
                text = str(entry["text"])
                if entry["event"] == "start":
                    open_ones[text] = len(said)
                    said.append(Utterance(entry["t"], entry["wall"], text, None))
                elif text in open_ones:
                    index = open_ones.pop(text)
                    said[index] = Utterance(said[index].start, said[index].wall, text, entry["t"])
        return said

    def texts(self) -> list[str]:
        return [u.text for u in self.utterances()]

    def wait_spoken(self, accepts: Callable[[str], bool], message: str,
                    after: int = 0, timeout: float = WAIT) -> Utterance:  # fmt: skip
        """The first utterance from index ``after`` on whose text ``accepts``, once spoken."""
        deadline = time.monotonic() + timeout
        while True:
            for utterance in self.utterances()[after:]:
                if accepts(utterance.text):
                    return utterance
            if time.monotonic() > deadline:
                raise AssertionError(f"{message}; last spoken: {self.texts()[-12:]}")
            time.sleep(0.05)

    def wait_quiet(self, quiet: float = 1.0, timeout: float = WAIT) -> None:
        """Until nothing has started or been speaking for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            said = self.utterances()
            now = time.monotonic()
            if (
                not said
                or (said[-1].end is not None and now - said[-1].end > quiet)
                or (said[-1].end is None and now - said[-1].start > 30)
            ):
                return
            time.sleep(0.05)
        raise AssertionError("the screen reader never fell quiet")

    # ----- keys ----------------------------------------------------------------------------
    def key(self, *names: str) -> None:
        """Real X key presses (xdotool names: Right, Tab, Return, space, alt+m, Escape)."""
        subprocess.run(["xdotool", "key", "--delay", "60", *names], env=self.env, check=True,
                       capture_output=True)  # fmt: skip

    def type(self, text: str) -> None:
        subprocess.run(["xdotool", "type", "--delay", "40", text], env=self.env, check=True,
                       capture_output=True)  # fmt: skip

    # ----- the browser ---------------------------------------------------------------------
    @contextlib.contextmanager
    def chromium(self, profile_name: str = "chromium") -> Iterator[Any]:
        """Chromium on the display, its accessibility on, driven by Selenium only to open the
        page and to read it (keys are X keys); ``profile_name``: its profile's folder (a new
        one is a browser that never saw the page)."""
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        profile = self.folder / profile_name
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "chromium"
        for flag in ("--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--disable-dev-shm-usage", "--force-renderer-accessibility",
                     "--window-position=0,0", "--window-size=1280,1000", "--lang=en",
                     f"--user-data-dir={profile}", "--password-store=basic",
                     "--disable-features=Translate,MediaRouter"):  # fmt: skip
            options.add_argument(flag)
        options.add_experimental_option("excludeSwitches", ["enable-automation"])
        old = dict(os.environ)
        os.environ.update(self.env)
        try:
            driver = webdriver.Chrome(service=Service(DRIVER, env=self.env), options=options)
        finally:
            os.environ.clear()
            os.environ.update(old)
        try:
            yield driver
        finally:
            driver.quit()

    # ----- stopping ------------------------------------------------------------------------
    def until(self, what: Callable[[], bool], message: str, name: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while not what():
            if time.monotonic() > deadline:
                raise RuntimeError(f"{message}: {self.log_text(name)}")
            time.sleep(0.05)

    def log_text(self, name: str) -> str:
        path = self.folder / "logs" / f"{name}.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def stop(self) -> None:
        for _name, process in reversed(self.processes):
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(process.pid, signal.SIGKILL)
                    process.wait(5)
            if process.stdout is not None:
                process.stdout.close()
        self.processes.clear()


@contextlib.contextmanager
def bed(folder: Path, read_on_load: bool = False) -> Iterator[Bed]:
    require()
    stack = Bed(folder, read_on_load)
    try:
        stack.start()
        yield stack
    finally:
        stack.stop()
