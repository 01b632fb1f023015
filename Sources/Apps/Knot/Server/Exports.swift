// The Knot server speaks its contract module's types on the wire; re-exported so every file (and
// every test of this module) has them.
@_exported import KnotAPI
