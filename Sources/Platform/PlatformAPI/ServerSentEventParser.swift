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
