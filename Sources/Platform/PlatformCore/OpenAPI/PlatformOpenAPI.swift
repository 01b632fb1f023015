import Foundation
import PlatformAPI

/// The platform's part of every app's OpenAPI document, written once as JSON files beside this one
/// (compiled in with SwiftPM's `.embedInCode`, so the server binary needs no resource bundle):
/// `platform.openapi.json` — the routes the platform mounts under each app's prefix (`/auth/...`
/// sign-in and tokens, `/openapi.json` itself), the bearer security scheme, the error envelope every
/// route answers with, and the shared components (`#/components/responses/…`) app fragments refer
/// to; `platform-account.openapi.json` — the account routes (`/users/...` devices, preferences,
/// export, outbox and deletion), written relative to the app's API root; and
/// `password-accounts.openapi.json` — the email + password routes an app may opt into, also
/// relative to the API root. `{{app}}` in a file is the app's name.
///
/// Length limits of text count characters as users see them (grapheme clusters, after trimming; see
/// `Validator`), which JSON Schema's `maxLength` (code points) cannot state: they are given in the
/// descriptions. Text fields carry the platform's other rules as patterns (``ControlCharacters``: no control character
/// but tab, line feed and carriage return; required text must not be blank once trimmed), so a
/// schema-valid request is one the server accepts and a schema-invalid one is one it refuses —
/// which the fuzzing gate (`scripts/fuzz`) checks in both directions. The files spell the patterns
/// out; a test holds every fragment's text patterns equal to ``requiredTextPattern``,
/// ``optionalTextPattern`` and ``emailPattern``.
public enum PlatformOpenAPI {
    /// Required text: at least one visible character (not one of ``BlankText``'s: white space, zero-width
    /// and other invisible characters), no forbidden control character. Spelled out as the server
    /// judges it, not `\s`: ECMA-262 and Python disagree on it.
    public static let requiredTextPattern =
        #"^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F]*[^"# + BlankText.regexClass + #"\x00-\x1F\x7F][^\x00-\x08\x0B\x0C\x0E-\x1F\x7F]*$"#
    /// Optional text: may be blank (then treated as absent), no forbidden control character.
    public static let optionalTextPattern = #"^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F]*$"#
    /// The email rule of password accounts: ``EmailAddress/pattern``.
    public static let emailPattern = EmailAddress.pattern

    /// The platform's shared fragment, placed under the app's prefix.
    public static let fragment = String(decoding: PackageResources.platform_openapi_json, as: UTF8.self)
    /// The account routes every app gets, placed under the app's API root.
    public static let accountFragment = String(decoding: PackageResources.platform_account_openapi_json, as: UTF8.self)
    /// The routes of email + password accounts (docs/platform/auth.md), added to the served document of apps that
    /// opt in (`AppModule.passwordAccounts`): register, sign in (JSON or OAuth2's password form) and
    /// refresh under `<API root>/auth`, without the bearer token. Refers to the shared components of
    /// ``fragment``; placed under the app's API root.
    public static let passwordAccountsFragment = String(decoding: PackageResources.password_accounts_openapi_json, as: UTF8.self)

    /// Values a fragment cannot spell out because they depend on the machine the server runs on:
    /// a schema with `"x-enum-source": "<name>"` gets `"enum": <the values>` when composed (see
    /// `OpenAPIDocument`). `time-zones`: the time zones `PUT …/notification-preferences` accepts.
    static func enumValues(for source: String) -> [Any]? {
        switch source {
        case "time-zones": timeZones + [NSNull()]
        default: nil
        }
    }

    /// IANA region/city names and UTC, as this platform's time zone database knows them.
    public static let timeZones: [String] = {
        let zones = TimeZone.knownTimeZoneIdentifiers.filter { ($0 == "UTC" || $0.contains("/")) && $0.count <= 64 && TimeZone(identifier: $0) != nil }
        return Array(Set(zones + ["UTC"])).sorted()
    }()
}
