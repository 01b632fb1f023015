/// The `error` codes that end a stream because its server stopped, not because of anything in the
/// request: written by the server's event streams and read by the client SDKs, so both spell them once.
public enum StreamInterruption {
    /// A stream open while its server stops (graceful shutdown): ask again, another instance answers.
    public static let serverRestarting = "server_restarting"
    /// A request reconnecting to a stream (`Last-Event-ID`) whose server stopped: it is not resumed.
    public static let streamInterrupted = "stream_interrupted"
    /// Both, for a client telling an interruption from a failure.
    public static let codes: Set<String> = [serverRestarting, streamInterrupted]
}
