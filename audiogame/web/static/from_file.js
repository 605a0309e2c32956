// The page that plays alone, opened from a file (a double click on index.html): a browser runs
// no module script from a file, so the page would stay silent on "Loading the game". This
// plain script, which a browser does run, says instead how to open the page.
if (location.protocol === "file:") {
  const words = JSON.parse(document.getElementById("words").textContent);
  const play = document.getElementById("play");
  document.getElementById("play-title").textContent = words.from_file;
  const entry = document.createElement("p");
  entry.className = "entry";
  const line = document.createElement("span");
  line.className = "message urgent";
  line.textContent = words.from_file;
  entry.append(line);
  document.getElementById("history").append(entry);
  play.focus();
}
