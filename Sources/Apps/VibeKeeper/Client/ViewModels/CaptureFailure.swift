import Foundation
import Observation

/// Why a capture failed, with the codes of docs/vibekeeper.md ("Client SDK and `vibekeeper` CLI"): 1001 "Invalid image
/// data", 1002 "Recording not found"; a server refusal carries its HTTP status, an unreachable server 0.
public struct CaptureFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public static let domain = "VibeKeeper"
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let invalidImageData = CaptureFailure(code: 1001, message: "Invalid image data")
    public static let recordingNotFound = CaptureFailure(code: 1002, message: "Recording not found")

    init(_ error: any Error) {
        switch error {
        case let error as CaptureFailure: self = error
        case let error as ClientError:
            switch error {
            case .offline(let message): self.init(code: 0, message: message)
            case .unauthorized(let message), .reauthenticationRequired(let message): self.init(code: 401, message: message)
            case .validation(let message, let fields):
                self.init(code: 422, message: fields.isEmpty ? message : fields.map { "\($0.field) \($0.message)" }.joined(separator: "; "))
            case .notFound(let message): self.init(code: 404, message: message)
            case .rateLimited: self.init(code: 429, message: error.description)
            case .conflict(let status, _, let message), .server(let status, _, let message): self.init(code: status, message: message)
            case .decoding(let message): self.init(code: 0, message: message)
            }
        default: self.init(code: 0, message: ScreenText.message(error))
        }
    }

    public var description: String { "\(message) (\(Self.domain) \(code))" }
}
