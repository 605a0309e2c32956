"""Game tables: ``audiogame.presenters.<game>.make_table(app, config)`` opens one."""
