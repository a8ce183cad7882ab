"""Repository-wide pytest setup: scenario and puzzle files are collected as tests
(``cardsmith.repl.scenario.pytest_plugin``)."""
pytest_plugins = ["cardsmith.repl.scenario.pytest_plugin", "pytester"]
