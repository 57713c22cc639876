"""Cases and helpers shared by the tests (not tests themselves): see tests/README.md."""
