"""The browser client: the page `audiogame serve` hands out over HTTP on its own port, and the
seat that presents a table to it (the same presenters and words as the terminal)."""
