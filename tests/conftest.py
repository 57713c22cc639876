"""The test suite's shared fixtures live in tests/support/ (tests/README.md)."""

pytest_plugins = ["tests.support.fixtures"]
