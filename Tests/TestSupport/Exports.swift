/// The harness re-exports the fakes, so a test that runs the server imports one module.
@_exported import TestFakes
