// The lobby: the list of tables (each with Join and Watch buttons), joining by code, and the
// new table form, whose fields follow the game chosen.
import { word } from "./words.js";

function seatWords(seat) {
  if (seat.kind === "bot") return word("bot_seat", { level: word(seat.level) });
  if (!seat.name) return word("free_seat");
  return seat.connected === false ? word("away", { name: seat.name }) : seat.name;
}

export function tableLine(table) {
  const seats = (table.seats || []).map(seatWords).join(", ");
  const line = word("table_line", {
    game: word(table.game), id: table.id, seats, watching: table.watching ?? 0,
  });
  return `${line} ${word(table.started ? "table_started" : "table_waiting")}`;
}

export function showTables(list, empty, tables, send) {
  list.replaceChildren();
  empty.hidden = tables.length > 0;
  for (const table of tables) {
    const item = document.createElement("li");
    const text = document.createElement("span");
    text.id = `table-${table.id}`;
    text.textContent = tableLine(table);
    item.append(text, " ");
    const free = (table.seats || []).some((seat) => seat.kind === "person" && !seat.name);
    if (free) item.append(button(word("join"), text.id, () => send({ type: "join", table: table.id, seat: null })));
    item.append(button(word("watch"), text.id, () => send({ type: "watch", table: table.id })));
    list.append(item);
  }
}

function button(label, describedBy, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  element.setAttribute("aria-describedby", describedBy);
  element.addEventListener("click", action);
  return element;
}

/** Every game's form, as the server declares it (its name, players and options, in the
 * page's language) and the computer players' levels: read once from the page. */
let setup = null;
function forms() {
  setup ??= JSON.parse(document.getElementById("setup-forms").textContent);
  return setup;
}

function gameOf(form) {
  const { games } = forms();
  return games.find((game) => game.key === form.elements.game?.value) ?? games[0];
}

function element(tag, properties = {}) {
  return Object.assign(document.createElement(tag), properties);
}

function labelled(id, text, control) {
  const paragraph = element("p");
  paragraph.append(element("label", { htmlFor: id, textContent: text }), " ", control);
  return paragraph;
}

/** The game choice, each game's own fields and a level for every seat a game may have. */
function build(form) {
  const { games, levels } = forms();
  const choice = form.querySelector("#games");
  games.forEach((game, index) => {
    const radio = element("input", {
      type: "radio", id: `game-${game.key}`, name: "game", value: game.key, checked: index === 0,
    });
    const line = element("p");
    line.append(radio, " ", element("label", { htmlFor: radio.id, textContent: game.title }));
    choice.append(line);
  });
  const most = Math.max(...games.map((game) => game.players.max));
  const seats = form.querySelector("#levels");
  for (let seat = 2; seat <= most; seat += 1) {
    const select = element("select", { id: `level-${seat}`, name: `level-${seat}` });
    for (const [value, text] of levels) {
      select.append(element("option", { value, textContent: text, selected: value === "normal" }));
    }
    const line = labelled(select.id, word("seat_level", { number: seat }), select);
    line.dataset.seat = String(seat);
    seats.append(line);
  }
  const own = form.querySelector("#game-options");
  for (const game of games) {
    for (const option of game.options) {
      const id = `${option.key}_${game.key}`;
      let line;
      if (option.switch) {
        const box = element("input", { type: "checkbox", id, name: id, checked: option.default });
        line = element("p");
        line.append(box, " ", element("label", { htmlFor: id, textContent: option.label }));
      } else {
        const select = element("select", { id, name: id });
        for (const [value, text] of option.values) {
          select.append(element("option", {
            value: String(value), textContent: text, selected: value === option.default,
          }));
        }
        line = labelled(id, option.label, select);
      }
      line.dataset.for = game.key;
      own.append(line);
    }
  }
  form.dataset.built = "true";
}

/** How many seats, and how many of them people, the form asks for. */
function seatCounts(form) {
  const fields = form.elements;
  const game = gameOf(form);
  const { min, max } = game.players;
  const number = (name) => Number.parseInt(fields[name].value, 10);
  const players = Math.max(min, Math.min(max, number("players") || game.players.default));
  const people = Math.max(1, Math.min(players, number("people") || 1));
  return { game, players, people };
}

/** Show only the fields of the game chosen, and a level for each computer player's seat. */
export function followGame(form) {
  if (!form.dataset.built) build(form);
  const { game, players, people } = seatCounts(form);
  const count = form.elements.players;
  if (count.dataset.game !== game.key) {  // another game: its own limits and default
    Object.assign(count, { min: game.players.min, max: game.players.max });
    count.value = String(game.players.default);
    count.dataset.game = game.key;
  }
  form.querySelector("#players-field").hidden = game.players.min === game.players.max;
  form.elements.people.max = String(players);
  for (const field of form.querySelectorAll("[data-for]")) {
    field.hidden = field.dataset.for !== game.key;
  }
  for (const field of form.querySelectorAll("[data-seat]")) {
    const seat = Number(field.dataset.seat);
    field.hidden = seat > players || seat <= people;
  }
  form.querySelector("#levels").hidden = people >= players;
}

export function createMessage(form) {
  const fields = form.elements;
  const number = (name) => Number.parseInt(fields[name].value, 10);
  const { game, players, people } = seatCounts(form);
  const seats = [];
  for (let seat = 0; seat < players; seat += 1) {
    seats.push(seat < people ? "person" : `bot:${fields[`level-${seat + 1}`].value}`);
  }
  const options = {};
  if (game.players.min !== game.players.max) options.players = players;
  for (const option of game.options) {
    const field = fields[`${option.key}_${game.key}`];
    options[option.key] = option.switch ? field.checked : Number.parseInt(field.value, 10);
  }
  options.pace = number("pace");
  return {
    type: "create", game: game.key, options, seats, private: fields.private.checked,
    grace: number("grace"), turn_timer: number("turn_timer"),
  };
}
