"""The full-screen keyboard program: a stack of screens (menus, tables, texts) over one
:class:`~audiogame.app.application.AudioGame`."""
