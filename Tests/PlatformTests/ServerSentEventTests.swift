import Foundation
import PlatformAPI
import Testing

/// The platform's `text/event-stream` reader and writer against the WHATWG HTML standard
/// (§9.2.6), byte by byte: a stream split at any byte, however its chunks fall, gives the same
/// events.
@Suite("Server-sent events")
struct ServerSentEventTests {
    /// Recorded streams and the events the standard dispatches for them.
    static let streams: [(name: String, bytes: [UInt8], events: [ServerSentEvent])] = [
        (
            "LF, multi-byte text, comments and keep-alives",
            Array(": hello\n\nevent: delta\ndata: {\"text\":\"café ☕ 👨‍👩‍👧 e\u{301}\"}\n\n: keep-alive\n\ndata: second\n\n".utf8),
            [ServerSentEvent(event: "delta", data: "{\"text\":\"café ☕ 👨‍👩‍👧 e\u{301}\"}"), ServerSentEvent(data: "second")]
        ),
        (
            "CRLF and CR line ends, multi-line data",
            Array("data: one\r\ndata: two\r\n\r\ndata: three\rdata: four\r\rdata:five\n\n".utf8),
            [ServerSentEvent(data: "one\ntwo"), ServerSentEvent(data: "three\nfour"), ServerSentEvent(data: "five")]
        ),
        (
            "ids persist until changed; an empty id clears; an id with NUL is ignored",
            Array("id: 7\ndata: a\n\ndata: b\n\nid: x\u{0}y\ndata: c\n\nid\ndata: d\n\n".utf8),
            [ServerSentEvent(id: "7", data: "a"), ServerSentEvent(id: "7", data: "b"), ServerSentEvent(id: "7", data: "c"), ServerSentEvent(data: "d")]
        ),
        (
            "a byte-order mark at the start is skipped; events without data are not dispatched",
            [0xEF, 0xBB, 0xBF] + Array("event: ping\n\nretry: 2500\n\ndata\n\ndata:  two spaces\nunknown: x\n\n".utf8),
            [ServerSentEvent(data: ""), ServerSentEvent(data: " two spaces")]
        ),
        (
            "invalid UTF-8 becomes U+FFFD, within its line only",
            [0x64, 0x61, 0x74, 0x61, 0x3A, 0x20, 0xC3, 0x28, 0x0A, 0x0A] + Array("data: ok\n\n".utf8),
            [ServerSentEvent(data: "\u{FFFD}("), ServerSentEvent(data: "ok")]
        ),
    ]

    static func events(_ bytes: [UInt8], chunks boundaries: [Int]) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var start = 0
        for end in boundaries + [bytes.count] where end >= start {
            events += parser.consume(bytes[start..<end])
            start = end
        }
        return events + parser.finish()
    }

    @Test("every recorded stream gives the same events whole, split at any byte, byte by byte, and in random chunks")
    func anySplit() {
        var generator = SystemRandomNumberGenerator()
        for stream in Self.streams {
            #expect(Self.events(stream.bytes, chunks: []) == stream.events, "\(stream.name)")
            for split in 0...stream.bytes.count {
                #expect(Self.events(stream.bytes, chunks: [split]) == stream.events, "\(stream.name), split at \(split)")
            }
            #expect(Self.events(stream.bytes, chunks: Array(0..<stream.bytes.count)) == stream.events, "\(stream.name), byte by byte")
            for _ in 0..<50 {
                let cuts = (0..<Int.random(in: 1...8, using: &generator)).map { _ in Int.random(in: 0...stream.bytes.count, using: &generator) }.sorted()
                #expect(Self.events(stream.bytes, chunks: cuts) == stream.events, "\(stream.name), chunks at \(cuts)")
            }
        }
    }

    @Test("retry takes digits only; the standard drops an event its blank line never ended, unless asked to deliver it")
    func retryAndEnd() {
        var parser = ServerSentEventParser()
        _ = parser.consume(Array("retry: 2500\n\nretry: +5\n\nretry: 12a\n\nretry:\n\n".utf8))
        #expect(parser.reconnectionTime == 2500)
        #expect(parser.consume(Array("data: tail".utf8)).isEmpty)
        #expect(parser.finish().isEmpty)
        var lenient = ServerSentEventParser()
        _ = lenient.consume(Array("event: end\ndata: tail".utf8))
        #expect(lenient.finish(dispatchIncompleteEvent: true) == [ServerSentEvent(event: "end", data: "tail")])
        // A byte-order mark later in the stream is text: this field is not `data`.
        var later = ServerSentEventParser()
        #expect(later.consume(Array("data: a\n\n\u{FEFF}data: b\n\n".utf8)) == [ServerSentEvent(data: "a")])
    }

    @Test("what the writer encodes, the parser reads back (line breaks in data become LF), at every split")
    func roundTrip() {
        let events = [
            ServerSentEvent(id: "42", event: "delta", data: "line one\nline two"),
            ServerSentEvent(id: "42", data: "crlf\r\nand cr\rend"),
            ServerSentEvent(id: "43", event: "done", data: ""),
            ServerSentEvent(id: "43", data: "👨‍👩‍👧 é"),
        ]
        let bytes = Array(events.map(\.encoded).joined().utf8)
        let expected = events.map {
            ServerSentEvent(id: $0.id, event: $0.event, data: $0.data.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
        }
        for split in 0...bytes.count {
            #expect(Self.events(bytes, chunks: [split]) == expected, "split at \(split)")
        }
        #expect(ServerSentEvent(id: "a\nb", event: "x\ry", data: "d").encoded == "data: d\n\n", "fields that cannot be one line are left out")
    }
}
