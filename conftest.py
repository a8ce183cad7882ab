"""Repository-wide pytest setup.  Scenario and puzzle files are collected as tests by
``cardsmith.repl.scenario.pytest_plugin``, which the installed package registers (its
``pytest11`` entry point), as it does for any user; only pytester is added here."""
pytest_plugins = ["pytester"]
