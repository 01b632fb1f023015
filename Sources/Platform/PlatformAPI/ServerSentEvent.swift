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
