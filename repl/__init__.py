"""The sandbox REPL and the command language it shares with scenario files."""
