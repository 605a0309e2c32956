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

/** How many seats, and how many of them people, the form asks for. */
function seatCounts(form) {
  const fields = form.elements;
  const game = fields.game.value;
  const number = (name) => Number.parseInt(fields[name].value, 10);
  const players = game === "cardavia" ? 3 : Math.max(2, Math.min(game === "battle" ? 6 : 8, number("players") || 2));
  const people = Math.max(1, Math.min(players, number("people") || 1));
  return { game, players, people };
}

/** Show only the fields of the game chosen, and a level for each computer player's seat. */
export function followGame(form) {
  const { game, players, people } = seatCounts(form);
  for (const field of form.querySelectorAll("[data-for]")) {
    field.hidden = !field.dataset.for.split(" ").includes(game);
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
  if (game === "battle") {
    Object.assign(options, {
      players, deck: number("deck"), face_down: fields.face_down.checked, open: fields.open.checked,
    });
  }
  if (game === "scientific") options.players = players;
  if (game !== "cardavia") options.trick_limit = number(`trick_limit_${game}`);
  if (game === "cardavia") options.deals = number("deals");
  options.pace = number("pace");
  return {
    type: "create", game, options, seats, private: fields.private.checked,
    grace: number("grace"), turn_timer: number("turn_timer"),
  };
}
