import Foundation

/// The opaque `next_cursor` of a page sorted newest first: the last item's creation time and id,
/// base64url-encoded. Queries compare against the stored timestamp of the item the cursor names
/// (exact on both databases) and fall back to the time it carries when that item is gone.
public struct PageCursor: Sendable, Equatable {
    public var createdAt: Date
    public var id: UUID

    public var encoded: String {
        let micros = Int64((createdAt.timeIntervalSince1970 * 1_000_000).rounded())
        return Data("\(micros)|\(id.uuidString.lowercased())".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The times a cursor may carry: years 1 to 9999, which holds every time the server writes. A
    /// time outside it is refused like any malformed cursor (a 422): PostgreSQL refuses timestamps
    /// past its own range with an error, and PostgresNIO cannot even encode the extremes of `Int64`.
    static let microsecondRange: ClosedRange<Int64> = -62_135_596_800_000_000...253_402_300_799_999_999

    public init(createdAt: Date, id: UUID) {
        self.createdAt = createdAt
        self.id = id
    }

    public init?(encoded: String) {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard encoded.count <= 100, let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|")
        guard parts.count == 2, let micros = Int64(parts[0]), Self.microsecondRange.contains(micros), let id = UUID(uuidString: String(parts[1])) else { return nil }
        self.createdAt = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
        self.id = id
    }
}
