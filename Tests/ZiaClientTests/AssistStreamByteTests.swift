import ClientTestSupport
import Foundation
import Testing
import ZiaClient

/// Recorded Zia streams fed to the SDK split at every byte offset, one byte at a time, and inside
/// multi-byte characters: the typed events never change. Plus the seed parser's three bugs, each a
/// stream its algorithm got wrong.
@Suite(.timeLimit(.minutes(2)))
struct AssistStreamByteTests {
    /// The events of `chunks` through ClientCore's parser and the event contract (the SDK's
    /// parsing path without the network).
    static func parse(_ chunks: [Data]) throws -> [AssistEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks { events += parser.consume(chunk) }
        events += parser.finish()
        return try events.filter { !($0.data.isEmpty && $0.event == nil) }.map(AssistEvent.init)
    }

    /// The events `assist` yields when the scripted transport answers `chunks`, and what it threw.
    static func assist(_ chunks: [Data]) async throws -> (events: [AssistEvent], error: (any Error)?) {
        let api = try await ZiaAPIClient.scripted(ScriptedStreamTransport([.events(chunks)]))
        var events: [AssistEvent] = []
        do {
            for try await event in api.assist(AssistRequest(goal: "dinner")) { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    @Test("the recorded streams hold what they were recorded for, with multi-byte characters", arguments: AssistStreamFixtures.all)
    func fixturesAreReal(_ fixture: AssistStreamFixtures.Fixture) throws {
        let events = try Self.parse([fixture.bytes])
        #expect(events.first?.type == "context")
        #expect(events.last?.isDone == true)
        #expect(events.map(\.type).contains(fixture.expected))
        #expect(fixture.bytes.contains(0xF0), "a 4-byte UTF-8 character (emoji) is in the stream")
    }

    @Test("split at every byte offset, the parser yields exactly the events of the whole stream", arguments: AssistStreamFixtures.all)
    func everyOffset(_ fixture: AssistStreamFixtures.Fixture) throws {
        let bytes = fixture.bytes
        // Typed events are a function of the parsed events (checked once here), so equal parsed
        // events at every offset mean equal typed events; decoding each split again is only slower.
        var parser = ServerSentEventParser()
        let whole = parser.consume(bytes) + parser.finish()
        #expect(try Self.parse([bytes]) == whole.filter { !($0.data.isEmpty && $0.event == nil) }.map(AssistEvent.init))
        for offset in 0...bytes.count {
            var split = ServerSentEventParser()
            let events = split.consume(bytes.prefix(offset)) + split.consume(bytes.dropFirst(offset)) + split.finish()
            if events != whole {
                Issue.record("split at \(offset) of \(bytes.count) changed the events")
                return
            }
        }
    }

    @Test("one byte at a time through ZiaAPIClient.assist and a streaming transport, the events are the same", arguments: AssistStreamFixtures.all)
    func oneByteAtATime(_ fixture: AssistStreamFixtures.Fixture) async throws {
        let whole = try Self.parse([fixture.bytes])
        let (events, error) = try await Self.assist(fixture.bytes.map { Data([$0]) })
        #expect(error == nil)
        #expect(events == whole)
    }

    @Test("split inside every multi-byte character through assist, the events are the same", arguments: AssistStreamFixtures.all)
    func insideCharacters(_ fixture: AssistStreamFixtures.Fixture) async throws {
        let bytes = fixture.bytes
        let whole = try Self.parse([bytes])
        // Every offset that falls after a UTF-8 lead byte and before the character's end.
        let inside = bytes.indices.filter { bytes[$0] & 0xC0 == 0x80 }
        #expect(!inside.isEmpty)
        for offset in inside.prefix(40) {
            let (events, error) = try await Self.assist([Data(bytes.prefix(offset)), Data(bytes.dropFirst(offset))])
            #expect(error == nil && events == whole, "split at \(offset)")
        }
    }

    // MARK: The seed parser's three bugs

    static func stream(_ lines: String...) -> Data { Data(lines.joined().utf8) }
    static let done = #"data: {"event":"done","elapsed_ms":5}"# + "\n\n"

    @Test("seed bug 1: a chunk ending inside a UTF-8 character is not dropped (the seed's String(data:encoding:) was nil for it)")
    func splitCharacter() async throws {
        let bytes = Self.stream(#"data: {"event":"token","data":"Zoë 🦄 crème"}"# + "\n\n", Self.done)
        let emoji = try #require(bytes.firstIndex(of: 0xF0))
        let (events, error) = try await Self.assist([Data(bytes.prefix(emoji + 2)), Data(bytes.dropFirst(emoji + 2))])
        #expect(error == nil)
        #expect(events == [.token("Zoë 🦄 crème"), .done(elapsedMs: 5)])
    }

    @Test("seed bug 2: braces inside JSON strings do not end or start an object (the seed counted them)")
    func bracesInStrings() async throws {
        let bytes = Self.stream(
            #"data: {"event":"token","data":"a } and { b \"}\" {"}"# + "\n\n", #"data: {"event":"status","data":"{{{"}"# + "\n\n", Self.done)
        for split in [10, 30, 45] {
            let (events, error) = try await Self.assist([Data(bytes.prefix(split)), Data(bytes.dropFirst(split))])
            #expect(error == nil)
            #expect(events == [.token(#"a } and { b "}" {"#), .status("{{{"), .done(elapsedMs: 5)])
        }
    }

    @Test("seed bug 3: a prefix that is not '{' — a comment line, retry:, event: — does not stall the stream")
    func nonBracePrefix() async throws {
        let bytes = Self.stream(
            ": keep-alive\n\n", "retry: 3000\n\n", "event: token\n", #"data: {"event":"token","data":"hi"}"# + "\n\n", ": ping\r\n\r\n", Self.done)
        let (events, error) = try await Self.assist(bytes.map { Data([$0]) })
        #expect(error == nil)
        #expect(events == [.token("hi"), .done(elapsedMs: 5)])
    }
}
