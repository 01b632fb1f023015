/// Reads the token out of an `Authorization: Bearer <token>` value (RFC 6750 §2.1), for every
/// place that accepts one (access tokens, the metrics token), so they agree on what a bearer
/// header is: the scheme in any letter case, then the token with spaces and tabs around it ignored.
public enum BearerCredentials {
    /// The token of a `Bearer` authorization value, or nil when the value is not one (another scheme,
    /// no credentials after the scheme).
    public static func token(in value: String) -> Substring? {
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        // Trimmed by hand: Foundation's trimming bridges to NSString, which showed up in the profile
        // of every authenticated request.
        var token = parts[1]
        while let first = token.utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { token = token.dropFirst() }
        while let last = token.utf8.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { token = token.dropLast() }
        return token
    }
}
