import ClientCore
import Foundation
import HTTPTypes
import TestSupport

/// The real application in-process as the SDK's transport: every request goes through the real
/// router, middleware, database and rules (no socket).
public struct InProcessTransport: HTTPTransport {
    public let server: TestClient

    public init(server: TestClient) { self.server = server }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        var fields = HTTPFields()
        for (name, value) in request.headers {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        var path = request.url.path
        if let query = request.url.query { path += "?" + query }
        let response = try await server.send(HTTPRequest.Method(request.method)!, path, body: request.body, headers: fields)
        var headers: [String: String] = [:]
        for field in response.headers { headers[field.name.canonicalName] = field.value }
        return HTTPResponseData(status: Int(response.status.code), headers: headers, body: response.body)
    }
}

/// A transport that misbehaves on purpose, in front of a real one: it can be offline, lose a
/// request before the server sees it, lose the answer after the server acted, deliver a request
/// twice, or hold it back. Every request that reaches the server is logged.
public final class ChaosTransport: HTTPTransport, @unchecked Sendable {
    public enum Fault: Sendable, Equatable {
        /// The request never reaches the server.
        case dropRequest
        /// The server acts, the answer is lost (the client sees no network).
        case dropResponse
        /// The server gets the request twice; the client sees the second answer.
        case duplicate
        /// The server answers at once; the answer takes this long to arrive.
        case delay(Duration)
    }

    struct Rule {
        var method: String
        var pathContains: String
        var fault: Fault
        var remaining: Int
    }

    public let inner: any HTTPTransport
    // @unchecked Sendable: the fields below are only touched while holding `lock`.
    private let lock = NSLock()
    private var offline = false
    private var rules: [Rule] = []
    private var delivered: [HTTPRequestData] = []

    public init(_ inner: any HTTPTransport) { self.inner = inner }

    /// While offline, every request fails as an unreachable server would.
    public var isOffline: Bool {
        get { lock.withLock { offline } }
        set { lock.withLock { offline = newValue } }
    }

    /// Applies `fault` to the next `times` requests whose method is `method` and path contains `path`.
    public func inject(_ fault: Fault, _ method: String, _ path: String, times: Int = 1) {
        lock.withLock { rules.append(Rule(method: method, pathContains: path, fault: fault, remaining: times)) }
    }

    /// Requests the server received (duplicates count twice), optionally only those matching.
    public func delivered(_ method: String? = nil, _ path: String? = nil) -> [HTTPRequestData] {
        lock.withLock {
            delivered.filter { request in
                (method == nil || request.method == method) && (path == nil || request.url.path.contains(path!))
            }
        }
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let (isOffline, fault) = lock.withLock { () -> (Bool, Fault?) in
            guard !offline else { return (true, nil) }
            guard let index = rules.firstIndex(where: { $0.method == request.method && request.url.path.contains($0.pathContains) && $0.remaining > 0 }) else {
                return (false, nil)
            }
            rules[index].remaining -= 1
            return (false, rules[index].fault)
        }
        if isOffline { throw ConnectionNotMade("chaos: no network") }
        switch fault {
        case .dropRequest?:
            throw ConnectionNotMade("chaos: request lost")
        case .dropResponse?:
            _ = try await deliver(request)
            throw ClientError.offline("chaos: answer lost")
        case .duplicate?:
            _ = try await deliver(request)
            return try await deliver(request)
        case .delay(let duration)?:
            let response = try await deliver(request)
            try await Task.sleep(for: duration)
            return response
        case nil:
            return try await deliver(request)
        }
    }

    /// A stream goes through to the inner transport's own streaming (so an SDK over a real socket
    /// reads it as it arrives); offline, it fails as an unreachable server would. Stream requests
    /// are logged with the rest; faults apply to whole answers only.
    public func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse {
        if isOffline { throw ConnectionNotMade("chaos: no network") }
        lock.withLock { delivered.append(request) }
        return try await inner.stream(request)
    }

    private func deliver(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        lock.withLock { delivered.append(request) }
        let response: HTTPResponseData
        do {
            response = try await inner.send(request)
        } catch {
            Self.log("\(request.method) \(request.url.path) threw \(error)")
            throw error
        }
        if response.status >= 300 { Self.log("\(request.method) \(request.url.path) -> \(response.status) \(String(decoding: response.body.prefix(300), as: UTF8.self))") }
        return response
    }

    /// With `CHAOS_LOG` set, every answer that is not a success and every failure to answer is
    /// printed (to tell a test's intended refusal from a transient one on a loaded machine).
    static func log(_ line: String) {
        guard ProcessInfo.processInfo.environment["CHAOS_LOG"] != nil else { return }
        FileHandle.standardError.write(Data("chaos: \(line)\n".utf8))
    }
}
