"""Online tables: the server, the client and the protocol between them (docs/protocol.md)."""
