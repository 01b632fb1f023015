import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A capture made while the server could not be reached: kept with its words and file until it is sent.
public struct PendingCapture: Codable, Sendable, Equatable, Identifiable {
    /// Also the capture's `Idempotency-Key`.
    public var id: UUID
    public var contentType: CaptureContentType
    /// The typed words, the device's transcript, or the photo's caption.
    public var text: String?
    /// The queued file's name in the store's blobs (voice and photo captures).
    public var blob: String?
    public var filename: String?
    public var mimeType: String?
    public var capturedAt: Date
    /// Why the server refused it, when it did (the capture is kept for the user to fix or discard).
    public var failure: String?

    public init(
        id: UUID = UUID(), contentType: CaptureContentType, text: String? = nil, blob: String? = nil, filename: String? = nil, mimeType: String? = nil, capturedAt: Date,
        failure: String? = nil
    ) {
        self.id = id
        self.contentType = contentType
        self.text = text
        self.blob = blob
        self.filename = filename
        self.mimeType = mimeType
        self.capturedAt = capturedAt
        self.failure = failure
    }
}
