// The SDK speaks Knot's contract over the shared client core; both are re-exported so an app (or
// the CLI) imports KnotClient alone.
@_exported import ClientCore
@_exported import KnotAPI
