// The table: its title, the lines that show its state, the hand as a list of cards (the cursor
// and the selection as aria-current and aria-pressed), and a button for every key of the game.
import { word } from "./words.js";

export class TableView {
  constructor(elements, send) {
    this.e = elements;
    this.send = send;
    this.table = null;
    this.seat = null;
  }

  joined(message) {
    this.table = message.table;
    this.seat = message.seat;
    const title = word("table_title", { game: word(this.table.game), id: this.table.id });
    this.e.title.textContent = title;
    this.e.heading.textContent = title;
    const players = (this.table.seats || []).length;
    this.e.seatLine.textContent = message.seat === null || message.seat === undefined
      ? word("watching_line")
      : word("seat_line", { seat: message.seat + 1, players });
    this.e.start.hidden = Boolean(this.table.started) || message.seat === null;
  }

  started() {
    this.e.start.hidden = true;
  }

  show(lines) {
    this.e.state.replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
  }

  hand(message) {
    const cards = message.cards || [];
    // A card button pressed rebuilds the hand: focus stays on the card in the same place.
    const focused = [...this.e.hand.querySelectorAll("button")].indexOf(document.activeElement);
    this.e.handEmpty.hidden = cards.length > 0;
    this.e.hand.replaceChildren(...cards.map((card, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = card.name;
      button.setAttribute("aria-pressed", card.selected ? "true" : "false");
      if (index === message.cursor) {
        button.setAttribute("aria-current", "true");
        // Readers do not all say aria-current (Orca 43 does not): the description says it.
        button.setAttribute("aria-describedby", "under-cursor");
      }
      button.addEventListener("click", () => this.send({ type: "pick", index }));
      item.append(button);
      return item;
    }));
    if (focused >= 0) {
      const buttons = this.e.hand.querySelectorAll("button");
      const again = buttons[Math.min(focused, buttons.length - 1)];
      if (again) again.focus();
    }
  }

  keys(keys) {
    const fresh = JSON.stringify(keys);
    if (fresh === this.lastKeys) return;
    this.lastKeys = fresh;
    this.e.gameKeys.replaceChildren(...keys.filter((entry) => entry.text).map((entry) => {
      const item = document.createElement("li");
      item.textContent = entry.text;
      return item;
    }));
    this.e.actions.replaceChildren(...keys.filter((entry) => entry.button).map((entry, index) => {
      const button = document.createElement("button");
      button.type = "button";
      // "Space: select or unselect the card under the cursor.": the key is the button's name,
      // a word or two; what it does is its description (both shown).
      const label = entry.label || entry.text;
      const split = label.indexOf(": ");
      if (split > 0) {
        const name = document.createElement("span");
        name.id = `action-${index}`;
        name.textContent = label.slice(0, split);
        const what = document.createElement("span");
        what.id = `action-${index}-what`;
        what.textContent = label.slice(split + 2);
        button.append(name, ": ", what);
        button.setAttribute("aria-labelledby", name.id);
        button.setAttribute("aria-describedby", what.id);
      } else {
        button.textContent = label;
      }
      if (entry.shortcut) button.setAttribute("aria-keyshortcuts", entry.shortcut);
      button.addEventListener("click", () => this.send({ type: "key", key: entry.key }));
      return button;
    }));
  }

  clear() {
    this.table = null;
    this.seat = null;
    this.e.state.replaceChildren();
    this.e.hand.replaceChildren();
    this.e.handEmpty.hidden = false;
    this.e.actions.replaceChildren();
    this.e.gameKeys.replaceChildren();
    this.lastKeys = null;
  }
}
