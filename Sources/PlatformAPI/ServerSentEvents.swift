/// One event of a `text/event-stream`, as the WHATWG HTML standard's event-stream interpretation
/// dispatches it (§9.2.6). Shared by everything that reads or writes such streams: the AI provider
/// clients, the server's streaming answers and the SDKs' streaming calls.
public struct ServerSentEvent: Sendable, Equatable {
    /// The stream's last event ID when this event was dispatched (set by this event's `id:` or an
    /// earlier one); nil while none was set.
    public var id: String?
    /// The event type; nil for the default, `message`.
    public var event: String?
    /// The `data:` lines, joined by line feeds.
    public var data: String

    public init(id: String? = nil, event: String? = nil, data: String) {
        self.id = id
        self.event = event
        self.data = data
    }

    /// The event as a server writes it: `id:` and `event:` when set, one `data:` line per line of
    /// ``data`` (split at LF, CRLF or CR, which a reader joins again with LF), then a blank line.
    /// An `id` or `event` holding a line break cannot be written as one field and is left out.
    public var encoded: String {
        var text = ""
        if let id, !id.contains(where: \.isNewline), !id.contains("\0") { text += "id: \(id)\n" }
        if let event, !event.contains(where: \.isNewline) { text += "event: \(event)\n" }
        var line = ""
        var afterCR = false
        for scalar in data.unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                text += "data: \(line)\n"
                line = ""
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return text + "data: \(line)\n\n"
    }
}

/// Reads a `text/event-stream` byte by byte, exactly as the WHATWG HTML standard interprets one
/// (§9.2.6): lines end at CRLF, LF or CR; a line starting with `:` is a comment (keep-alives);
/// `event`, `data`, `id` (ignored if it holds NUL) and `retry` (digits only) fields; one space after
/// the colon dropped; a blank line dispatches the event, unless it has no data; a byte-order mark
/// is skipped at the start of the stream only.
///
/// Feed it whatever chunks arrive, split anywhere: a line is decoded as UTF-8 only once it is whole,
/// so a character split across chunks arrives intact (invalid bytes become U+FFFD, as the standard
/// decodes them). A value type with no locks or actors: one call per chunk, not per byte.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var afterCR = false
    /// Bytes seen so far, up to 3: the start of the stream, checked for a byte-order mark.
    private var startBytes = 0
    private var eventType = ""
    private var data = ""
    private var lastEventID = ""
    /// The reconnection time a `retry:` field set, in milliseconds.
    public private(set) var reconnectionTime: Int?

    public init() {}

    /// The events completed by `bytes`.
    public mutating func consume(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if startBytes < 3 {
                // EF BB BF at the very start is a byte-order mark: dropped once it is whole.
                startBytes += 1
                if line.count == startBytes - 1, [0xEF, 0xBB, 0xBF][startBytes - 1] == byte {
                    line.append(byte)
                    if startBytes == 3 { line.removeAll(keepingCapacity: true) }
                    continue
                }
                startBytes = 3
            }
            switch byte {
            case 0x0A:
                if afterCR {
                    afterCR = false
                } else {
                    endLine(into: &events)
                }
            case 0x0D:
                endLine(into: &events)
                afterCR = true
            default:
                afterCR = false
                line.append(byte)
            }
        }
        return events
    }

    /// Ends the stream. By the standard an event whose blank line never came is discarded;
    /// `dispatchIncompleteEvent` delivers it instead (for peers that end a stream without it).
    public mutating func finish(dispatchIncompleteEvent: Bool = false) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if dispatchIncompleteEvent {
            if !line.isEmpty { endLine(into: &events) }
            dispatch(into: &events)
        }
        line.removeAll()
        data = ""
        eventType = ""
        afterCR = false
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            dispatch(into: &events)
            return
        }
        if line[0] == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = line[..<(colon ?? line.endIndex)]
        var valueStart = colon.map { $0 + 1 } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            data += String(decoding: value, as: UTF8.self)
            data += "\n"
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                reconnectionTime = Int(String(decoding: value, as: UTF8.self)) ?? reconnectionTime
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data = ""
            eventType = ""
        }
        guard !data.isEmpty else { return }
        data.removeLast()
        events.append(ServerSentEvent(id: lastEventID.isEmpty ? nil : lastEventID, event: eventType.isEmpty ? nil : eventType, data: data))
    }
}

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
