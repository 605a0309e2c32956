"""Game tables: ``audiogame.tables.<game>.make_table(app, config)`` opens one."""
