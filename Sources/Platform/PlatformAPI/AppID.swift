/// The name of one hosted app, a lower-case path segment. An account belongs to exactly one app and its tokens
/// carry the app as audience, so a token minted for one app is worthless on another app's routes.
///
/// The platform knows no app by name: each app's contract module declares its own identifier
/// (`extension AppID { static let myapp = AppID("myapp") }`), and the server hosts whatever modules
/// its composition root lists.
public struct AppID: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// `rawValue` must be a lower-case path segment (`[a-z][a-z0-9-]*`); anything else is refused.
    public init?(rawValue: String) {
        guard let first = rawValue.first, first.isLowercase, first.isASCII, rawValue.count <= 32,
            rawValue.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
        else { return nil }
        self.rawValue = rawValue
    }

    /// For identifiers written in code; a malformed literal is a programming error.
    public init(_ name: StaticString) {
        guard let id = AppID(rawValue: "\(name)") else { preconditionFailure("invalid app identifier '\(name)'") }
        self = id
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let id = AppID(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an app identifier: \(raw)"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The path prefix every route of this app lives under, e.g. `/myapp`.
    public var pathPrefix: String { "/\(rawValue)" }
    public var description: String { rawValue }
    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.rawValue < rhs.rawValue }
}
