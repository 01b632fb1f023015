import Foundation

/// An assist stream its server stopped mid-answer: the `error` event the server sends when it
/// restarts with the stream open (`server_restarting`) or when a client reconnects to a cut stream
/// (`stream_interrupted`). Exists so the screens and the CLI tell one thing apart the same way:
/// nothing is wrong with the goal, and asking again runs it on a server that is up.
public enum AssistInterruption {
    /// The `error` codes that mean the answer was cut off by its server stopping.
    public static let codes = StreamInterruption.codes
    /// What a screen says instead of the server's wording: the same for both codes.
    public static let message = "The answer was cut off because the server restarted. Ask again."
    /// What follows the partial text of an interrupted answer, so it never reads as whole.
    public static let cutOffMark = " … [cut off]"

    /// Whether the `error` event's body is an interruption.
    public static func matches(_ error: ErrorEnvelope.Body) -> Bool { codes.contains(error.code) }
}
