import Foundation

/// A `multipart/form-data` body to send (RFC 7578) under a random boundary: CRLF line breaks, one
/// `Content-Disposition` per part, files with their filename and content type. Names, filenames
/// and content types are made safe (no quotes, backslashes or control characters) so they cannot
/// add headers or parts. Provider clients and the client SDKs send uploads with it; tests build requests with it.
public struct MultipartBuilder: Sendable {
    public let boundary: String
    /// The parts so far, without the closing boundary (``finished`` adds it).
    public private(set) var data = Data()

    public init(boundary: String = "form-\(UUID().uuidString)") {
        self.boundary = boundary
    }

    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    public mutating func field(_ name: String, _ value: String) {
        data.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.safe(name))\"\r\n\r\n".utf8))
        data.append(Data(value.utf8))
        data.append(Data("\r\n".utf8))
    }

    public mutating func file(_ name: String, filename: String, contentType: String, _ bytes: Data) {
        data.append(
            Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.safe(name))\"; filename=\"\(Self.safe(filename))\"\r\nContent-Type: \(Self.safe(contentType))\r\n\r\n"
                    .utf8))
        data.append(bytes)
        data.append(Data("\r\n".utf8))
    }

    /// The body with its closing boundary.
    public var finished: Data { data + Data("--\(boundary)--\r\n".utf8) }

    static func safe(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "\\" }))
    }
}
