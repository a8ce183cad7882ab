"""Scenario and puzzle files (see the modules: check, build, run, facts, goals, solver, write, cli, pytest_plugin)."""
