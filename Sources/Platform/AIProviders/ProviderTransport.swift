import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import PlatformAPI

/// The HTTP half every provider client shares: JSON POSTs with a timeout, status codes mapped to
/// ``ProviderError`` (with `Retry-After` on 429), and Server-Sent Events for streaming.
public struct ProviderTransport: Sendable {
    let client: HTTPClient
    public let timeout: TimeAmount
    static let maxResponseBytes = 16 << 20

    public init(client: HTTPClient = .shared, timeout: TimeAmount = .seconds(60)) {
        self.client = client
        self.timeout = timeout
    }

    /// `url` without a trailing slash, so every client appends its paths as `base + "/path"`.
    static func trimmedBaseURL(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    /// `Authorization: Bearer <key>` for OpenAI-style APIs; no header for keyless compatible servers.
    static func bearer(_ apiKey: String?) -> [(String, String)] {
        apiKey.map { [("Authorization", "Bearer \($0)")] } ?? []
    }

    /// One server-sent event: its `event:` name (if any) and joined `data:` lines.
    /// The platform's event type (PlatformAPI), which every stream reader shares.
    public typealias ServerSentEvent = PlatformAPI.ServerSentEvent

    func request(_ url: String, headers: [(String, String)], body: Data?, method: HTTPMethod = .POST, contentType: String = "application/json") -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if body != nil { request.headers.add(name: "Content-Type", value: contentType) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        return request
    }

    /// POSTs `body` and returns the response body of a 2xx answer.
    public func post(_ url: String, headers: [(String, String)], body: Data, contentType: String = "application/json") async throws -> Data {
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request(url, headers: headers, body: body, contentType: contentType), timeout: timeout)
        } catch {
            throw Self.map(transportError: error)
        }
        let bytes: ByteBuffer
        do {
            bytes = try await response.body.collect(upTo: Self.maxResponseBytes)
        } catch {
            throw Self.map(transportError: error)
        }
        let data = Data(buffer: bytes)
        try Self.check(status: Int(response.status.code), headers: response.headers, body: data)
        return data
    }

    /// POSTs `body` and yields the server-sent events of a 2xx streaming answer.
    public func stream(_ url: String, headers: [(String, String)], body: Data) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let request = request(url, headers: headers + [("Accept", "text/event-stream")], body: body)
        let client = client, timeout = timeout
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response: HTTPClientResponse
                    do {
                        response = try await client.execute(request, timeout: timeout)
                    } catch {
                        throw Self.map(transportError: error)
                    }
                    if !(200..<300).contains(Int(response.status.code)) {
                        let body = (try? await response.body.collect(upTo: 1 << 20)).map { Data(buffer: $0) } ?? Data()
                        try Self.check(status: Int(response.status.code), headers: response.headers, body: body)
                    }
                    var parser = ServerSentEventParser()
                    do {
                        for try await chunk in response.body {
                            for event in parser.consume(chunk.readableBytesView) {
                                continuation.yield(event)
                            }
                        }
                    } catch {
                        throw Self.map(transportError: error)
                    }
                    // Some providers end the stream without the final blank line.
                    for event in parser.finish(dispatchIncompleteEvent: true) { continuation.yield(event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    static func map(transportError error: any Error) -> ProviderError {
        if let error = error as? ProviderError { return error }
        if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            return .timeout
        }
        return .transport(String(describing: error))
    }

    /// Maps a non-2xx status to the matching ``ProviderError``, with the provider's own message.
    static func check(status: Int, headers: HTTPHeaders, body: Data) throws {
        guard !(200..<300).contains(status) else { return }
        let message = errorMessage(in: body) ?? "HTTP \(status)"
        switch status {
        case 429:
            throw ProviderError.rateLimited(retryAfter: headers.first(name: "retry-after").flatMap(parseRetryAfter))
        case 401, 403:
            throw ProviderError.unauthorized(message)
        case 400..<500:
            throw ProviderError.badRequest(message)
        default:
            throw ProviderError.server(status: status, message: message)
        }
    }

    /// `{"error": {"message": …}}` (OpenAI, Anthropic, Gemini all nest it so), or nil.
    static func errorMessage(in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        if let error = object["error"] as? [String: Any], let message = error["message"] as? String { return message }
        return object["message"] as? String
    }

    /// `Retry-After` as delta-seconds (possibly fractional) or an HTTP date.
    static func parseRetryAfter(_ value: String) -> TimeInterval? {
        if let seconds = Double(value.trimmingCharacters(in: .whitespaces)) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }
}

/// What a provider's stream parser makes of one server-sent event.
enum StreamStep {
    case delta(String)
    case nothing
    case finished
}

/// Usage and finish reason gathered while a stream runs.
struct StreamState {
    var text = ""
    var usage = TokenUsage(inputTokens: 0, outputTokens: 0)
    var finishReason: String?
}

/// Turns a provider's server-sent events into ``CompletionEvent``s: `step` reads each event (its
/// provider's format) and updates the state; deltas are forwarded as they come, and the whole
/// completion follows when the stream ends. Shared by every streaming client.
func completionStream(
    _ events: AsyncThrowingStream<ProviderTransport.ServerSentEvent, any Error>,
    model: String,
    step: @escaping @Sendable (ProviderTransport.ServerSentEvent, inout StreamState) throws -> StreamStep
) -> AsyncThrowingStream<CompletionEvent, any Error> {
    AsyncThrowingStream { continuation in
        let task = Task {
            var state = StreamState()
            do {
                loop: for try await event in events {
                    switch try step(event, &state) {
                    case .delta(let piece):
                        state.text += piece
                        continuation.yield(.delta(piece))
                    case .nothing:
                        continue
                    case .finished:
                        break loop
                    }
                }
                continuation.yield(.done(Completion(text: state.text, usage: state.usage, model: model, finishReason: state.finishReason)))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

/// Parses one event's JSON payload or reports the stream as malformed.
func jsonObject(_ event: ProviderTransport.ServerSentEvent) throws -> [String: Any] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any] else {
        throw ProviderError.malformedResponse("unreadable stream event: \(event.data.prefix(120))")
    }
    return object
}
