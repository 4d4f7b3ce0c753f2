// The doc-test runner.
