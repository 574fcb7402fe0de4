"""Run every test in this folder and close with the line CI counts: `python: N passed, N failed`."""

import sys
import unittest
from pathlib import Path

suite = unittest.defaultTestLoader.discover(str(Path(__file__).parent))
result = unittest.TextTestRunner(verbosity=2).run(suite)
# A test with failing subtests (one per game) counts once.
failing = {getattr(test, "test_case", test).id() for test, _ in result.failures + result.errors}
failed = len(failing) + len(result.unexpectedSuccesses)
passed = result.testsRun - failed - len(result.skipped)
print(f"python: {passed} passed, {failed} failed")
sys.exit(0 if result.wasSuccessful() and result.testsRun > 0 else 1)
