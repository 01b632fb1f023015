import Crypto
import Foundation

/// AWS Signature Version 4 (HMAC-SHA256), which Amazon PA-API 5 and every
/// S3-compatible object store (the media store's bucket) require on every call: canonical request → string to sign → key derived from the secret through date,
/// region and service → hex signature in an `Authorization` header.
public struct AWSSigV4: Sendable {
    public let accessKey: String
    public let secretKey: String
    public let region: String
    public let service: String

    public init(accessKey: String, secretKey: String, region: String, service: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.region = region
        self.service = service
    }

    /// The headers to add to a request: `x-amz-date` and `authorization`. `headers` must hold every
    /// header to be signed (host included); all of them are signed.
    public func sign(method: String, path: String, query: String = "", headers: [String: String], payload: Data, date: Date) -> [(String, String)] {
        let amzDate = Self.timestamp(date)
        var signed = Dictionary(headers.map { ($0.key.lowercased(), Self.trim($0.value)) }, uniquingKeysWith: { $1 })
        signed["x-amz-date"] = amzDate
        let authorization = authorizationHeader(method: method, path: path, query: query, headers: signed, payload: payload, amzDate: amzDate)
        return [("x-amz-date", amzDate), ("authorization", authorization)]
    }

    /// `AWS4-HMAC-SHA256 Credential=…/scope, SignedHeaders=…, Signature=…` for headers that already
    /// include `x-amz-date` (lower-case names).
    public func authorizationHeader(method: String, path: String, query: String, headers: [String: String], payload: Data, amzDate: String) -> String {
        let day = String(amzDate.prefix(8))
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let names = headers.keys.map { $0.lowercased() }.sorted()
        let canonical = Self.canonicalRequest(method: method, path: path, query: query, headers: headers, payload: payload)
        let stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, Self.sha256Hex(Data(canonical.utf8))].joined(separator: "\n")
        let signature = Self.hex(
            HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: SymmetricKey(data: Self.signingKey(secret: secretKey, day: day, region: region, service: service)))
        )
        return "AWS4-HMAC-SHA256 Credential=\(accessKey)/\(scope), SignedHeaders=\(names.joined(separator: ";")), Signature=\(signature)"
    }

    public static func canonicalRequest(method: String, path: String, query: String, headers: [String: String], payload: Data) -> String {
        let lower = Dictionary(headers.map { ($0.key.lowercased(), trim($0.value)) }, uniquingKeysWith: { $1 })
        let names = lower.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(lower[$0]!)\n" }.joined()
        let canonicalQuery = query.split(separator: "&").map(String.init).sorted().joined(separator: "&")
        return [method, path.isEmpty ? "/" : path, canonicalQuery, canonicalHeaders, names.joined(separator: ";"), sha256Hex(payload)].joined(separator: "\n")
    }

    /// kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, day), region), service), "aws4_request").
    public static func signingKey(secret: String, day: String, region: String, service: String) -> Data {
        var key = Data("AWS4\(secret)".utf8)
        for part in [day, region, service, "aws4_request"] {
            key = Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: SymmetricKey(data: key)))
        }
        return key
    }

    public static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    public static func trim(_ value: String) -> String {
        value.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    public static func sha256Hex(_ data: Data) -> String { hex(SHA256.hash(data: data)) }

    public static func hex<D: Sequence>(_ bytes: D) -> String where D.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
