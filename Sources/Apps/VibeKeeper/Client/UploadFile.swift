import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A file to upload with a capture: its bytes, the name it goes by and its type.
public struct UploadFile: Sendable, Equatable {
    public var data: Data
    public var filename: String
    public var mimeType: String

    public init(data: Data, filename: String, mimeType: String) {
        self.data = data
        self.filename = filename
        self.mimeType = mimeType
    }

    /// The voice upload: `voice_capture.m4a`, `audio/m4a` (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI").
    public static func voice(_ data: Data) -> UploadFile { UploadFile(data: data, filename: "voice_capture.m4a", mimeType: "audio/m4a") }
    /// The photo upload: `capture.jpg`, `image/jpeg` (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI").
    public static func jpeg(_ data: Data) -> UploadFile { UploadFile(data: data, filename: "capture.jpg", mimeType: "image/jpeg") }

    /// A file read from disk, its type guessed from the extension (the server judges the bytes anyway).
    public static func contents(of url: URL) throws -> UploadFile {
        let types = [
            "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp", "heic": "image/heic",
            "m4a": "audio/m4a", "mp4": "audio/mp4", "wav": "audio/wav", "mp3": "audio/mpeg",
        ]
        return UploadFile(data: try Data(contentsOf: url), filename: url.lastPathComponent, mimeType: types[url.pathExtension.lowercased()] ?? "application/octet-stream")
    }
}
