import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request. The seam between an SDK's ``APIClient`` and the network: `URLSessionTransport` in
/// apps and the CLI, an in-memory fake in tests.
///
/// Implementations throw ``ClientError/offline(_:)`` when the server cannot be reached at all and
/// return every HTTP response, whatever its status.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData
    /// Sends `request` and returns once the response's head arrived, its body still arriving (see
    /// ``HTTPStreamingResponse``). Transports that only read whole bodies get a default that yields
    /// the body once.
    func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse
    /// Sends an upload, calling `uploadProgress` with the share of the body sent (0…1, ending at 1
    /// once the answer arrives). Transports that cannot watch the upload report only 0 and 1.
    func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData
}

extension HTTPTransport {
    public func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData {
        try await Self.reportingEnds(uploadProgress) { try await send(request) }
    }

    /// `upload`'s answer, with `progress` told 0 before it starts and 1 once the answer arrived: the
    /// two shares every transport reports, whatever it reports between.
    public static func reportingEnds(
        _ progress: @Sendable (Double) -> Void, _ upload: () async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        progress(0)
        let response = try await upload()
        progress(1)
        return response
    }

    public func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse {
        HTTPStreamingResponse(whole: try await send(request))
    }
}
