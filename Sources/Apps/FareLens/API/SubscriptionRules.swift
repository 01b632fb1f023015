import Foundation
import PlatformAPI

/// The subscription input rules shared by the server and the SDK.
public enum SubscriptionRules {
    /// A JWS with its certificate chain is a few kilobytes; anything past this is not Apple's.
    public static let maxSignedLength = 65_536

    static func checkSigned(_ value: String?, _ field: String) -> Checked<String> {
        var v = Validator()
        if let value {
            v.check(!value.isEmpty, field, "must not be empty")
            v.check(value.utf8.count <= maxSignedLength, field, "must be at most \(maxSignedLength) characters")
        } else {
            v.fail(field, "is required")
        }
        return .from(v) { value ?? "" }
    }
}
