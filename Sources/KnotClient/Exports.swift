// The SDK speaks Knot's contract: every wire type an app sees comes from KnotAPI, re-exported so an
// app (or the CLI) imports KnotClient alone.
@_exported import KnotAPI
