"""Each game's registration with the front end: ``audiogame/games/<game>.py`` holds its
``ENTRY`` (a :class:`audiogame.catalog.GameEntry`), listed once in
:data:`audiogame.catalog.SHIPPED`."""
