// Knot's contract is written in the platform's wire vocabulary (typed IDs, dates, error envelope).
@_exported import PlatformAPI
