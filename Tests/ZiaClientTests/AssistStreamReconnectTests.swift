import ClientTestSupport
import Foundation
import TestSupport
import Testing
import ZiaClient

/// When `ZiaAPIClient.assist` tries again and when it must not: through a scripted streaming
/// transport that counts the requests it receives.
@Suite(.timeLimit(.minutes(1)))
struct AssistStreamReconnectTests {
    static let context = Data(AssistStreamFixtures.all[0].bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(3).joined(separator: [0x0A]) + [0x0A])
    static let token = Data(#"data: {"event":"token","data":"Monday: Pasta"}"#.utf8 + [0x0A, 0x0A])
    static let done = Data(#"data: {"event":"done","elapsed_ms":3}"#.utf8 + [0x0A, 0x0A])

    static func run(_ transport: ScriptedStreamTransport, attempts: Int = 3) async throws -> (events: [AssistEvent], error: (any Error)?) {
        let api = try await ZiaAPIClient.scripted(transport, attempts: attempts)
        var events: [AssistEvent] = []
        do {
            for try await event in api.assist(AssistRequest(goal: "dinner")) { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    @Test("a connection that fails before the first byte is tried again, up to the policy's attempts")
    func retriesBeforeFirstByte() async throws {
        let recovered = ScriptedStreamTransport([.unreachable, .unreachable, .events([Self.token, Self.done])])
        let (events, error) = try await Self.run(recovered)
        #expect(error == nil && events == [.token("Monday: Pasta"), .done(elapsedMs: 3)])
        #expect(recovered.streamRequests.count == 3)

        let down = ScriptedStreamTransport([.unreachable, .unreachable, .unreachable, .events([Self.done])])
        let (_, failure) = try await Self.run(down)
        guard case .offline? = failure as? ClientError else { Issue.record("not offline: \(String(describing: failure))"); return }
        #expect(down.streamRequests.count == 3, "the policy's three attempts, no more")
    }

    @Test("a request that went out and got no answer in time is not sent again: the server may be running the goal")
    func timeoutIsNotRetried() async throws {
        let transport = ScriptedStreamTransport([.timedOut, .events([Self.token, Self.done])])
        let (events, error) = try await Self.run(transport)
        guard case .offline? = error as? ClientError else { Issue.record("not offline: \(String(describing: error))"); return }
        #expect(events.isEmpty)
        #expect(transport.streamRequests.count == 1, "the goal was sent once")
    }

    @Test("a connection lost after events arrived ends the stream as offline and the goal is never sent again")
    func lostMidStream() async throws {
        for end: ScriptedStreamTransport.End in [.fail(URLError(.networkConnectionLost)), .fail(ClientError.offline("gone")), .finish] {
            let transport = ScriptedStreamTransport([.events([Self.context, Self.token], end: end), .events([Self.token, Self.done])])
            let (events, error) = try await Self.run(transport)
            #expect(events.map(\.type) == ["context", "token"])
            guard case .offline? = error as? ClientError else { Issue.record("not offline: \(String(describing: error))"); continue }
            #expect(transport.streamRequests.count == 1, "the goal was sent once")
        }
    }

    @Test("5xx, 429 and 422 before the stream are thrown at once, not retried; 429 carries Retry-After")
    func refusedBeforeStream() async throws {
        let cases: [(ScriptedStreamTransport.Reply, Int)] = [
            (.error(503, code: "unavailable", message: "down for maintenance"), 503),
            (.error(429, code: "rate_limited", message: "slow down", headers: ["Retry-After": "7"]), 429),
            (.error(422, code: "validation_failed", message: "goal is required"), 422),
        ]
        for (reply, status) in cases {
            let transport = ScriptedStreamTransport([reply, .events([Self.done]), .events([Self.done])])
            let (events, error) = try await Self.run(transport)
            let clientError = try #require(error as? ClientError)
            #expect(events.isEmpty && clientError.httpStatus == status)
            #expect(transport.streamRequests.count == 1, "HTTP \(status) is not retried")
            if status == 429 { #expect(clientError == .rateLimited(retryAfter: 7)) }
            if status == 503 { #expect(AssistTurn.message(for: clientError) == "HTTP 503: Server error 503: down for maintenance") }
        }
    }

    @Test("cancelling the consuming task ends a stream whose body never ends, promptly, and terminates the transport's body")
    func cancellationCloses() async throws {
        let transport = ScriptedStreamTransport([.events([Self.context, Self.token], end: .never)])
        let api = try await ZiaAPIClient.scripted(transport)
        let firstEvent = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var count = 0
            for try await _ in api.assist(AssistRequest(goal: "dinner")) {
                count += 1
                firstEvent.continuation.yield()
            }
            return count
        }
        for await _ in firstEvent.stream { break }
        // The body never ends: only cancellation ends the consumer (a hang would be the suite's time
        // limit). No wall-clock bound: a loaded test machine decides how long "at once" takes.
        consumer.cancel()
        _ = try? await consumer.value
        _ = try await eventually { transport.terminatedBodies > 0 }
        #expect(transport.terminatedBodies == 1, "the body was cancelled, so the connection closes")
        #expect(transport.streamRequests.count == 1)
    }
}
